import type { Address } from "../../domain/chain/address";

/** The wallet-protection cases (issue 31), appended to the seeded world. */
export interface WalletProtectionRoles {
  /** RewardsClaim: a drainer that swept approved USDC and an NFT from `drainedVictims`; claim() forwards value. */
  readonly drainer: Address;
  readonly drainerKeeper: Address;
  readonly drainedVictims: readonly Address[];
  /** An ERC-721 collection of this scenario (the drainer swept one item of it). */
  readonly collection: Address;
  /** Five open approvals: USDC and `collection` (operator) to the drainer, USDC/healthyToken to the router, healthyToken to its lock. */
  readonly approvalsVictim: Address;
  /** The two risky spenders of approvalsVictim (both the drainer: one allowance, one operator approval). */
  readonly riskyApprovalTokens: readonly Address[];
  /** An ERC-20 with EIP-2612 permit; `permitHolder` holds some. */
  readonly permitToken: Address;
  readonly permitHolder: Address;
  /** An address that never sent or received anything: the fresh EOA a phishing permit names. */
  readonly freshSpender: Address;
  /** Paid USDC `poisonFriend` several times; then zero-value transferFroms and fake-token dust from look-alikes. */
  readonly poisonTarget: Address;
  readonly poisonFriend: Address;
  /** Look-alikes of poisonFriend (same first and last four hex digits). */
  readonly poisonLookAlikes: readonly Address[];
  /** Who sent the zero-value transferFroms and owns the fake token. */
  readonly poisoner: Address;
  readonly poisonToken: Address;
  /** Holds USDC and approved the router: a plain swap of USDC for healthyToken is benign. */
  readonly swapper: Address;
}
