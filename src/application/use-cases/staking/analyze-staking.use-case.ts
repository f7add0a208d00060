import { sequenceS } from "fp-ts/Apply";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { BlockRef } from "../../../domain/chain/chain-types";
import { stakeTarget } from "../../../domain/staking/stake-activity";
import { assessStaking, type StakingSignal } from "../../../domain/staking/staking-signal";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { PriceSource } from "../../ports/price-source.port";
import { StakingAgeResets } from "../../ports/staking-age-resets.port";
import { StakingTargetTrust } from "../../ports/staking-target-trust.port";
import { discoverWalletStaking } from "./discover-wallet-staking";
import { deployedThings, deployersOf, priceActivities, tiersOf, tokenDeploymentsOf } from "./stake-context";
import { stakingAnalysisFailed, type StakingAnalysisFailed } from "./staking-analysis-failed";
import { searchStakingRings } from "./staking-ring-search";
import { StakingSettings } from "./staking-settings";

/** GET /api/staking/analyze/{address}: the wallet's StakingSignal at the head block's time. */
@injectable()
export class AnalyzeStaking {
  constructor(
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(PriceSource) private readonly prices: PriceSource,
    @inject(StakingTargetTrust) private readonly trust: StakingTargetTrust,
    @inject(StakingAgeResets) private readonly resets: StakingAgeResets,
    @inject(StakingSettings) private readonly settings: StakingSettings,
  ) {}

  /** `head`: judge at this block (a score passes its own, so one answer has one "now"); default the chain head. */
  execute(wallet: Address, head?: BlockRef): TE.TaskEither<StakingAnalysisFailed, StakingSignal> {
    const ports = { explorer: this.explorer, chain: this.chain, settings: this.settings };
    return pipe(
      TE.Do,
      TE.bind("head", () => (head === undefined ? this.chain.headBlock() : TE.right(head))),
      TE.bind("found", ({ head }) => discoverWalletStaking(ports, wallet, head)),
      TE.bind("context", ({ found }) => {
        const own = found.activities.filter((a) => a.staker === wallet && a.kind === "stake");
        return sequenceS(TE.ApplyPar)({
          activities: priceActivities(this.prices, found.activities),
          targetTiers: tiersOf(this.trust, own.map(stakeTarget)),
          deployers: deployersOf(this.explorer, own.flatMap(deployedThings)),
          deployments: tokenDeploymentsOf(this.chain, wallet, found.transactions),
          ageResets: this.resets.resetsOf(wallet),
          rings: searchStakingRings(ports, wallet, found.activities),
        });
      }),
      TE.map(({ head, found, context }) =>
        assessStaking({ wallet, coverage: found.coverage, ...context }, head.timestamp),
      ),
      TE.mapLeft(stakingAnalysisFailed),
    );
  }
}
