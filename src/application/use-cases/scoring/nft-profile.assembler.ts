import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind, BlockRef } from "../../../domain/chain/chain-types";
import type { NftProfile } from "../../../domain/scoring";
import { deployerOf } from "../../../domain/scoring/common/creator-checks";
import { heldItems } from "../../../domain/scoring/nft/nft-holdings";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { NftCapabilityProber } from "../../ports/nft-capability-prober.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { RelatedWalletScores } from "./related-wallet-scores";

/** Items offered to the probes as the sample a burn, move or URI change acts on. */
const SAMPLE_CANDIDATES = 8;

/**
 * Fills an NftProfile: every transfer of the collection, its creation, its creator's wallet score, and what its
 * code lets a privileged caller do (capability probes).
 */
@injectable()
export class NftProfileAssembler {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
    @inject(RelatedWalletScores) private readonly wallets: RelatedWalletScores,
    @inject(NftCapabilityProber) private readonly prober: NftCapabilityProber,
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
          sequenceS(TE.ApplyPar)({
            creatorWalletScore: this.wallets.scoreIfKnown(deployerOf(creation), head),
            capabilities:
              kind === "erc721" || kind === "erc1155"
                ? pipe(
                    this.prober.probe({
                      contract,
                      standard: kind,
                      bytecode,
                      deployer: deployerOf(creation),
                      holdings: heldItems(transfers.items, kind, SAMPLE_CANDIDATES),
                      creationBlock: creation?.blockNumber ?? null,
                      blockNumber: head.number,
                    }),
                    // Probes are many calls on a node that may refuse some: their failure leaves capabilities
                    // unknown (a stated limitation), it does not withhold the score.
                    TE.orElseW(() => TE.right(null)),
                  )
                : TE.right(null),
          }),
          TE.map(({ creatorWalletScore, capabilities }) => ({
            contract,
            kind,
            name: metadata.name,
            bytecode,
            creation,
            transfers,
            creatorWalletScore,
            capabilities,
          })),
        ),
      ),
    );
  }
}
