import type { Address } from "../chain/address";
import type { ChainTime, TxHash } from "../chain/chain-types";
import type { PricedStakeActivity } from "./stake-activity";
import type { StakingRing } from "./staking-rings";
import type { TargetTier } from "./target-trust";

/** A moment the wallet took part in a coordinated exit or wash trading; stake age restarts there. */
export interface StakeAgeReset {
  readonly at: ChainTime;
  readonly reason: "COORDINATED_EXIT" | "WASH_TRADING";
  /** Tx hash or token naming where it happened. */
  readonly evidence: string;
}

/** A token contract the wallet deployed. */
export interface TokenDeployment {
  readonly token: Address;
  readonly txHash: TxHash;
  readonly timestamp: ChainTime;
}

/** How far discovery could see; drives the "a zero result proves nothing" observations. */
export interface DiscoveryCoverage {
  /** Transaction history stopped at a bound, so older staking may be missing. */
  readonly historyTruncatedAt: number | null;
  /** Staking events were read from this block on (null: from genesis). */
  readonly eventsFromBlock: number | null;
  /** Stake-like contracts outside the configured list that were seen. */
  readonly unconfiguredContracts: readonly Address[];
  /** Candidate transactions left unread because of the receipt bound. */
  readonly receiptsSkipped: number;
}

/** Everything the staking rules need about one wallet, already fetched. */
export interface StakingEvidence {
  readonly wallet: Address;
  /** Activity where the wallet is the staker or the payer. */
  readonly activities: readonly PricedStakeActivity[];
  /** Trust tier per stake target (see stakeTarget); a missing entry means unknown. */
  readonly targetTiers: ReadonlyMap<Address, TargetTier | null>;
  /** Creator of each staked token and staking contract, where known. */
  readonly deployers: ReadonlyMap<Address, Address>;
  readonly deployments: readonly TokenDeployment[];
  readonly ageResets: readonly StakeAgeReset[];
  readonly rings: readonly StakingRing[];
  readonly coverage: DiscoveryCoverage;
}

export const FULL_COVERAGE: DiscoveryCoverage = {
  historyTruncatedAt: null,
  eventsFromBlock: null,
  unconfiguredContracts: [],
  receiptsSkipped: 0,
};
