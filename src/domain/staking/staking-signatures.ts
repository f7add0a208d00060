import type { Hex } from "../chain/chain-types";

/**
 * Function selectors and event topics that identify staking, as exact keccak-256 values.
 * The domain may not import a hashing library, so they are written out here and checked
 * against ethers in test/unit/domain/staking/staking-signatures.test.ts.
 */
export const STAKE_SELECTORS = {
  "stake(uint256)": "0xa694fc3a",
  "stake(uint256,uint256)": "0x7b0472f0",
  "stake()": "0x3a4b66f1",
  "deposit(uint256)": "0xb6b55f25",
  "lock(uint256,uint256)": "0x1338736f",
  "stakeFor(address,uint256)": "0x2ee40908",
} as const;

export const UNSTAKE_SELECTORS = {
  "withdraw(uint256)": "0x2e1a7d4d",
  "unstake(uint256)": "0x2e17de78",
  "exit()": "0xe9fad8ee",
} as const;

/** `Staked(address indexed user, uint256 amount, uint256 lockUntil)` */
export const STAKED_TOPIC = "0x1449c6dd7851abc30abf37f57715f492010519147cc2652fbc38202c18a6ee90" as Hex;
/** `Unstaked(address indexed user, uint256 amount)` */
export const UNSTAKED_TOPIC = "0x0f5bb82176feb1b5e747e28471aa92156a04d9f3ab9f45f28e2d704232b93f75" as Hex;
/** ERC-20 / ERC-721 `Transfer(address,address,uint256)`; ERC-20 has exactly three topics. */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef" as Hex;
/** Ownable `owner()`: who controls a vault, for rings of vaults owned by each other. */
export const OWNER_SELECTOR = "0x8da5cb5b" as Hex;

const stakeSelectors: ReadonlySet<string> = new Set(Object.values(STAKE_SELECTORS));
const unstakeSelectors: ReadonlySet<string> = new Set(Object.values(UNSTAKE_SELECTORS));

export type StakeKind = "stake" | "unstake";

/** What a call's selector says it does, or null when it is not a known staking call. */
export function stakeKindOfSelector(selector: string): StakeKind | null {
  const normalized = selector.toLowerCase();
  if (stakeSelectors.has(normalized)) return "stake";
  if (unstakeSelectors.has(normalized)) return "unstake";
  return null;
}

export function stakeKindOfTopic(topic0: string | undefined): StakeKind | null {
  const normalized = topic0?.toLowerCase();
  if (normalized === STAKED_TOPIC) return "stake";
  if (normalized === UNSTAKED_TOPIC) return "unstake";
  return null;
}
