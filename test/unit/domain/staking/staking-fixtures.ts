import type { Address } from "../../../../src/domain/chain/address";
import type { EventLog, Hex, TxHash, TxReceipt } from "../../../../src/domain/chain/chain-types";
import { addressTopic } from "../../../../src/domain/chain/abi-words";
import type { PricedStakeActivity } from "../../../../src/domain/staking/stake-activity";
import { FULL_COVERAGE, type StakingEvidence } from "../../../../src/domain/staking/staking-evidence";
import { STAKED_TOPIC, TRANSFER_TOPIC, UNSTAKED_TOPIC } from "../../../../src/domain/staking/staking-signatures";

/** Small builders shared by the staking tests: addresses, hashes, logs, activities, evidence. */

export const DAY = 86_400;
export const NOW = 1_750_000_000;

export const addr = (n: number | string): Address =>
  `0x${(typeof n === "number" ? n.toString(16) : n).padStart(40, "0")}` as Address;
export const tx = (n: number): TxHash => `0x${n.toString(16).padStart(64, "0")}` as TxHash;
export const word = (n: bigint | number): string => BigInt(n).toString(16).padStart(64, "0");

export const WALLET = addr("a11ce");
export const VAULT = addr("c0ffee");
export const VAULT_2 = addr("c0ffee2");
export const TOKEN = addr("70c3e");

export function stakedLog(
  contract: Address,
  user: Address,
  amount: bigint,
  lockUntil: number,
  txHash: TxHash,
  logIndex = 1,
): EventLog {
  return {
    address: contract,
    topics: [STAKED_TOPIC, addressTopic(user)],
    data: `0x${word(amount)}${word(lockUntil)}` as Hex,
    blockNumber: 1,
    txHash,
    logIndex,
  };
}

export function unstakedLog(contract: Address, user: Address, amount: bigint, txHash: TxHash, logIndex = 1): EventLog {
  return {
    address: contract,
    topics: [UNSTAKED_TOPIC, addressTopic(user)],
    data: `0x${word(amount)}` as Hex,
    blockNumber: 1,
    txHash,
    logIndex,
  };
}

export function transferLog(
  token: Address,
  from: Address,
  to: Address,
  value: bigint,
  txHash: TxHash,
  logIndex = 0,
): EventLog {
  return {
    address: token,
    topics: [TRANSFER_TOPIC, addressTopic(from), addressTopic(to)],
    data: `0x${word(value)}` as Hex,
    blockNumber: 1,
    txHash,
    logIndex,
  };
}

export function receipt(
  hash: TxHash,
  from: Address,
  to: Address | null,
  logs: readonly EventLog[],
  blockNumber = 1,
): TxReceipt {
  return {
    hash,
    blockNumber,
    from,
    to,
    success: true,
    contractAddress: null,
    logs: logs.map((l) => ({ ...l, blockNumber })),
  };
}

let sequence = 1;
export function stake(overrides: Partial<PricedStakeActivity> & { daysAgo: number }): PricedStakeActivity {
  const { daysAgo, ...rest } = overrides;
  const n = sequence++;
  const timestamp = Math.round(NOW - daysAgo * DAY);
  // Block numbers follow time (one per second) so chain order and time order agree.
  return {
    kind: "stake",
    staker: WALLET,
    payer: rest.staker ?? WALLET,
    contract: VAULT,
    asset: TOKEN,
    amount: 1000n,
    usd: 1000,
    lockUntil: null,
    txHash: tx(n),
    logIndex: 0,
    blockNumber: timestamp,
    timestamp,
    configured: true,
    ...rest,
  };
}

export function unstake(
  of: PricedStakeActivity,
  daysAgo: number,
  overrides: Partial<PricedStakeActivity> = {},
): PricedStakeActivity {
  const n = sequence++;
  const timestamp = Math.round(NOW - daysAgo * DAY);
  return {
    ...of,
    kind: "unstake",
    usd: null,
    lockUntil: null,
    txHash: tx(n),
    blockNumber: timestamp,
    timestamp,
    ...overrides,
  };
}

export function evidence(overrides: Partial<StakingEvidence> = {}): StakingEvidence {
  return {
    wallet: WALLET,
    activities: [],
    targetTiers: new Map(),
    deployers: new Map(),
    deployments: [],
    ageResets: [],
    rings: [],
    coverage: FULL_COVERAGE,
    ...overrides,
  };
}
