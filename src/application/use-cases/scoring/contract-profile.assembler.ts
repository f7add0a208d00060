import { deployerOf } from "../../../domain/scoring/common/creator-checks";
import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind, BlockRef } from "../../../domain/chain/chain-types";
import type { ContractProfile } from "../../../domain/scoring";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { RelatedWalletScores } from "./related-wallet-scores";

/** Fills a ContractProfile (routers, vaults, staking ...): calls into it, creation, deployer's wallet score. */
@injectable()
export class ContractProfileAssembler {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
    @inject(RelatedWalletScores) private readonly wallets: RelatedWalletScores,
  ) {}

  assemble(contract: Address, kind: AddressKind, head: BlockRef): TE.TaskEither<UpstreamFailure, ContractProfile> {
    return pipe(
      sequenceS(TE.ApplyPar)({
        bytecode: this.chain.codeAt(contract),
        creation: this.explorer.contractCreation(contract),
        transactions: this.explorer.transactionsOf(contract, { limit: this.settings.limits.history }),
      }),
      TE.chain(({ bytecode, creation, transactions }) =>
        pipe(
          this.wallets.scoreIfKnown(deployerOf(creation), head),
          TE.map((deployerWalletScore) => ({ contract, kind, bytecode, creation, transactions, deployerWalletScore })),
        ),
      ),
    );
  }
}
