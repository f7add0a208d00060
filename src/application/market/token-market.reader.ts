import { deployerOf } from "../../domain/scoring/common/creator-checks";
import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { type Address, ZERO_ADDRESS } from "../../domain/chain/address";
import type { ContractCreation, Page, TokenTransfer } from "../../domain/chain/chain-types";
import type { TokenMarket } from "../../domain/scoring";
import type { UpstreamFailure } from "../failures";
import { ChainReader } from "../ports/chain-reader.port";
import { ExplorerHistory } from "../ports/explorer-history.port";
import { ScoringSettings } from "../ports/scoring-settings.port";
import { SELECTORS, calldata, returnAddress } from "./abi-calls";
import { discoverPools } from "./pool-discovery";

export interface MarketRead {
  readonly market: TokenMarket;
  /** As the explorer reported it; null for factory-created contracts on the local index. */
  readonly creation: ContractCreation | null;
}

/**
 * Without a creation record (a factory made the token, or the explorer does not know) the first mint's
 * recipient is the best stand-in for the deployer: it is who received the supply; then the owner.
 */
export function fallbackDeployer(transfers: Page<TokenTransfer>, owner: Address | null): Address | null {
  const firstMint = transfers.items.find((t) => t.from === ZERO_ADDRESS);
  if (firstMint !== undefined && transfers.coverage.complete) return firstMint.to;
  return owner === null || owner === ZERO_ADDRESS ? null : owner;
}

/** A token's market: its transfers, its pools on the configured factories, its deployer and owner(). */
@injectable()
export class TokenMarketReader {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
  ) {}

  read(token: Address): TE.TaskEither<UpstreamFailure, MarketRead> {
    const ports = { chain: this.chain, explorer: this.explorer, settings: this.settings };
    return pipe(
      sequenceS(TE.ApplyPar)({
        transfers: this.explorer.transfersOfToken(token, { limit: this.settings.limits.history }),
        pools: discoverPools(ports, token),
        owner: pipe(this.chain.call({ to: token, data: calldata(SELECTORS.owner) }), TE.map(returnAddress)),
        creation: this.explorer.contractCreation(token),
      }),
      TE.map(({ transfers, pools, owner, creation }) => ({
        creation,
        market: {
          token,
          transfers,
          pools,
          deployer: deployerOf(creation) ?? fallbackDeployer(transfers, owner),
          owner,
        },
      })),
    );
  }
}
