import type { Address } from "../chain/address";

/** What a scan answers overall: the most severe of its reasons. */
export type ScanVerdict = "benign" | "warning" | "malicious";
export type ReasonSeverity = "info" | "warning" | "malicious";

export type ScanReasonCode =
  | "APPROVAL_TO_RISKY_SPENDER"
  | "UNLIMITED_APPROVAL_TO_EOA"
  | "SET_APPROVAL_FOR_ALL"
  | "TRANSFER_TO_FLAGGED_ADDRESS"
  | "BUYS_HONEYPOT"
  | "INTERACTS_WITH_DRAINER"
  | "RECIPIENT_LOOKS_LIKE_PAST_COUNTERPARTY"
  | "NATIVE_VALUE_TO_NEW_CONTRACT"
  | "SIMULATION_REVERTED"
  | "SIGNATURE_GRANTS_TO_RISKY_SPENDER"
  | "SIGNATURE_GRANTS_TO_EOA"
  | "SIGNATURE_UNLIMITED_AMOUNT"
  | "SIGNATURE_LONG_LIVED"
  | "ORDER_GIVES_AWAY_ASSETS"
  | "BLIND_SIGNATURE"
  | "SIWE_DOMAIN_MISMATCH"
  | "UNKNOWN_TYPED_DATA";

export type EvidenceValue = string | number | boolean | readonly string[];

export interface ScanReason {
  readonly code: ScanReasonCode;
  readonly severity: ReasonSeverity;
  readonly detail: string;
  readonly evidence: Readonly<Record<string, EvidenceValue>>;
}

export type AssetKind = "native" | "erc20" | "erc721" | "erc1155";

/** One movement of value the simulated transaction makes (amounts in base units). */
export interface AssetChange {
  /** The token contract, or `native`. */
  readonly asset: Address | "native";
  readonly kind: AssetKind;
  readonly from: Address;
  readonly to: Address;
  readonly amount: bigint;
  /** ERC-721 and ERC-1155. */
  readonly tokenId?: bigint;
}

/** An allowance or operator approval a transaction (or a signature) sets. */
export interface ApprovalChange {
  readonly token: Address;
  readonly owner: Address;
  readonly spender: Address;
  /** `all`: an operator approval over every item (ERC-721/1155 setApprovalForAll). */
  readonly amount: bigint | "all";
  readonly kind: "erc20" | "erc721" | "operator";
  /** ERC-721 approve(spender, tokenId). */
  readonly tokenId?: bigint;
  /** Setting the allowance to zero or the operator to false: a revocation. */
  readonly revokes: boolean;
}

/** How the scan sees one address it met: the scoring answer, reduced. */
export interface CounterpartyAssessment {
  readonly address: Address;
  readonly score: number | null;
  readonly tier: string | null;
  readonly flags: readonly string[];
  /** At least one flag of high or critical severity. */
  readonly severeFlag: boolean;
  readonly isContract: boolean;
  /** The contract moved assets out of accounts that did not send its transactions (see drainer-pattern.ts). */
  readonly drainerEvidence: readonly string[] | null;
}

/** 2^255: at or above it an ERC-20 allowance is "unlimited" in practice (max uint256 and the like). */
export const UNLIMITED_ERC20 = 1n << 255n;
/** Permit2 amounts are uint160; its max is unlimited. */
export const UNLIMITED_PERMIT2 = (1n << 160n) - 1n;

export function isUnlimited(amount: bigint | "all"): boolean {
  return amount === "all" || amount >= UNLIMITED_PERMIT2;
}

export function verdictOf(reasons: readonly ScanReason[]): ScanVerdict {
  if (reasons.some((r) => r.severity === "malicious")) return "malicious";
  if (reasons.some((r) => r.severity === "warning")) return "warning";
  return "benign";
}

/** Tier BLOCKED, a high-or-worse flag, or a drainer pattern: a spender or recipient nobody should trust. */
export function isRisky(party: CounterpartyAssessment | undefined): boolean {
  if (party === undefined) return false;
  return party.tier === "BLOCKED" || party.severeFlag || party.drainerEvidence !== null;
}
