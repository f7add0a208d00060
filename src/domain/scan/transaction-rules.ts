import type { Address } from "../chain/address";
import { imitatedCounterparty } from "./look-alike";
import {
  type ApprovalChange,
  type AssetChange,
  type CounterpartyAssessment,
  type ScanReason,
  isRisky,
  UNLIMITED_ERC20,
} from "./scan-types";

/** A contract younger than this receiving native value from the signer is worth a warning. */
export const NEW_CONTRACT_DAYS = 7;
const HONEYPOT_FLAGS = new Set(["HONEYPOT_PATTERN", "CANNOT_SELL", "SELL_BLOCKED"]);

export interface TransactionFacts {
  readonly signer: Address;
  readonly to: Address;
  readonly value: bigint;
  readonly assetChanges: readonly AssetChange[];
  readonly approvals: readonly ApprovalChange[];
  /** Every address met (to, spenders, recipients, tokens received), as scoring sees it. */
  readonly parties: ReadonlyMap<Address, CounterpartyAssessment>;
  /** Age of `to` in days when it is a contract whose creation is known. */
  readonly toAgeDays: number | null;
  /** Addresses the signer really sent value to before (its history). */
  readonly pastCounterparties: readonly Address[];
}

const describe = (party: CounterpartyAssessment | undefined): Record<string, string | number | readonly string[]> =>
  party === undefined
    ? {}
    : {
        ...(party.score === null ? {} : { score: party.score }),
        ...(party.tier === null ? {} : { tier: party.tier }),
        flags: party.flags,
        ...(party.drainerEvidence === null ? {} : { drainerTransactions: party.drainerEvidence }),
      };

function approvalReasons(facts: TransactionFacts, approval: ApprovalChange): ScanReason[] {
  const reasons: ScanReason[] = [];
  const spender = facts.parties.get(approval.spender);
  const evidence = { token: approval.token, spender: approval.spender, ...describe(spender) };
  if (isRisky(spender))
    reasons.push({
      code: "APPROVAL_TO_RISKY_SPENDER",
      severity: "malicious",
      detail: `Lets ${approval.spender} move your ${approval.token} tokens; that spender is ${spender?.drainerEvidence !== null ? "a drainer" : `rated ${spender?.tier ?? "risky"}`}.`,
      evidence,
    });
  if (approval.amount === "all")
    reasons.push({
      code: "SET_APPROVAL_FOR_ALL",
      severity: isRisky(spender) ? "malicious" : "warning",
      detail: `Gives ${approval.spender} control of every item of collection ${approval.token} you hold, now and later.`,
      evidence,
    });
  else if (approval.amount >= UNLIMITED_ERC20 && spender !== undefined && !spender.isContract)
    reasons.push({
      code: "UNLIMITED_APPROVAL_TO_EOA",
      severity: "warning",
      detail: `An unlimited allowance of ${approval.token} to ${approval.spender}, a plain account rather than a contract.`,
      evidence,
    });
  return reasons;
}

function transferReasons(facts: TransactionFacts, change: AssetChange): ScanReason[] {
  const reasons: ScanReason[] = [];
  if (change.from === facts.signer) {
    const recipient = facts.parties.get(change.to);
    // A token's own flags (a pool's LP token: holder concentration, liquidity) say nothing of paying it; a
    // BLOCKED tier, or a severe flag on a plain account, does.
    const flagged =
      recipient !== undefined && (recipient.tier === "BLOCKED" || (recipient.severeFlag && !recipient.isContract));
    if (recipient !== undefined && flagged && recipient.drainerEvidence === null)
      reasons.push({
        code: "TRANSFER_TO_FLAGGED_ADDRESS",
        severity: recipient.tier === "BLOCKED" ? "malicious" : "warning",
        detail: `Sends ${change.asset} to ${change.to}, which scoring flags (${recipient.flags.join(", ") || recipient.tier}).`,
        evidence: { recipient: change.to, asset: change.asset, ...describe(recipient) },
      });
    const imitates = imitatedCounterparty(change.to, facts.pastCounterparties);
    if (imitates !== null)
      reasons.push({
        code: "RECIPIENT_LOOKS_LIKE_PAST_COUNTERPARTY",
        severity: "malicious",
        detail: `${change.to} copies the first and last characters of ${imitates}, whom you paid before: an address-poisoning look-alike.`,
        evidence: { recipient: change.to, imitates },
      });
  }
  if (change.to === facts.signer && change.asset !== "native") {
    const token = facts.parties.get(change.asset);
    const honeypot = token?.flags.filter((f) => HONEYPOT_FLAGS.has(f)) ?? [];
    if (honeypot.length > 0)
      reasons.push({
        code: "BUYS_HONEYPOT",
        severity: "malicious",
        detail: `You receive ${change.asset}, a token that cannot be sold (${honeypot.join(", ")}).`,
        evidence: { token: change.asset, ...describe(token) },
      });
  }
  return reasons;
}

/** One reason per code and subject: a sweep of ten tokens to one drainer is one finding, with all the evidence. */
function dedupe(reasons: readonly ScanReason[]): ScanReason[] {
  const seen = new Set<string>();
  return reasons.filter((r) => {
    const key = `${r.code}:${r.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The reasons a simulated transaction gives, from its effects and the parties it involves. */
export function transactionReasons(facts: TransactionFacts): ScanReason[] {
  const reasons: ScanReason[] = [];
  const granted = facts.approvals.filter((a) => a.owner === facts.signer && !a.revokes);
  for (const approval of granted) reasons.push(...approvalReasons(facts, approval));
  for (const change of facts.assetChanges) reasons.push(...transferReasons(facts, change));
  const involved = new Set<Address>([
    facts.to,
    ...granted.map((a) => a.spender),
    ...facts.assetChanges.filter((c) => c.from === facts.signer).map((c) => c.to),
  ]);
  for (const address of involved) {
    const party = facts.parties.get(address);
    if (party?.drainerEvidence)
      reasons.push({
        code: "INTERACTS_WITH_DRAINER",
        severity: "malicious",
        detail: `${address} has pulled tokens out of other accounts with their approvals, in transactions they did not send.`,
        evidence: { address, ...describe(party) },
      });
  }
  const to = facts.parties.get(facts.to);
  if (facts.value > 0n && to?.isContract === true && facts.toAgeDays !== null && facts.toAgeDays < NEW_CONTRACT_DAYS)
    reasons.push({
      code: "NATIVE_VALUE_TO_NEW_CONTRACT",
      severity: "warning",
      detail: `Sends native value to a contract created ${facts.toAgeDays.toFixed(1)} days ago.`,
      evidence: { to: facts.to, value: facts.value.toString(), ageDays: Number(facts.toAgeDays.toFixed(2)) },
    });
  return dedupe(reasons);
}
