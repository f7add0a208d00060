import type { Address } from "../chain/address";
import type { ApprovalChange, AssetChange, CounterpartyAssessment, ScanReason, ScanVerdict } from "./scan-types";

export type CounterpartyRole = "to" | "spender" | "recipient" | "sender" | "token" | "beneficiary";

export interface ScannedCounterparty {
  readonly address: Address;
  readonly role: CounterpartyRole;
  readonly score: number | null;
  readonly tier: string | null;
  readonly flags: readonly string[];
}

export interface PricedAssetChange extends AssetChange {
  readonly usdValue: number | null;
}

export interface ScoredApproval extends Omit<ApprovalChange, "revokes"> {
  readonly revokes: boolean;
  readonly spenderScore: number | null;
  readonly spenderTier: string | null;
}

export interface TransactionScanAnswer {
  readonly verdict: ScanVerdict;
  readonly reasons: readonly ScanReason[];
  readonly assetChanges: readonly PricedAssetChange[];
  readonly approvals: readonly ScoredApproval[];
  readonly counterparties: readonly ScannedCounterparty[];
  readonly exposureUsd: number;
  readonly simulatedAtBlock: number;
  /** Set when the simulation reverted: the node's reason (null when it gave none). */
  readonly revertReason?: string | null;
  readonly limitations: readonly string[];
}

export function counterpartiesOf(
  roles: ReadonlyMap<Address, CounterpartyRole>,
  parties: ReadonlyMap<Address, CounterpartyAssessment>,
): ScannedCounterparty[] {
  return [...roles.entries()].map(([address, role]) => {
    const party = parties.get(address);
    return { address, role, score: party?.score ?? null, tier: party?.tier ?? null, flags: party?.flags ?? [] };
  });
}
