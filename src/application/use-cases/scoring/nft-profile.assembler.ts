import { deployerOf } from "../../../domain/scoring/common/creator-checks";
import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind, BlockRef } from "../../../domain/chain/chain-types";
import type { NftProfile } from "../../../domain/scoring";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { RelatedWalletScores } from "./related-wallet-scores";

/** Fills an NftProfile: every transfer of the collection, its creation, and its creator's wallet score. */
@injectable()
export class NftProfileAssembler {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
    @inject(RelatedWalletScores) private readonly wallets: RelatedWalletScores,
  ) {}

  assemble(contract: Address, kind: AddressKind, head: BlockRef): TE.TaskEither<UpstreamFailure, NftProfile> {
    return pipe(
      sequenceS(TE.ApplyPar)({
        bytecode: this.chain.codeAt(contract),
        metadata: this.chain.tokenMetadata(contract),
        creation: this.explorer.contractCreation(contract),
        transfers: this.explorer.transfersOfToken(contract, { limit: this.settings.limits.history }),
      }),
      TE.chain(({ bytecode, metadata, creation, transfers }) =>
        pipe(
          this.wallets.scoreIfKnown(deployerOf(creation), head),
          TE.map((creatorWalletScore) => ({
            contract,
            kind,
            name: metadata.name,
            bytecode,
            creation,
            transfers,
            creatorWalletScore,
          })),
        ),
      ),
    );
  }
}
