import * as E from "fp-ts/Either";
import { type Address, parseAddress } from "../chain/address";
import { type FlagCode, isFlagCode } from "../scoring/flag-catalogue";
import { optionalPlainNote } from "../text/plain-text";
import type { FlagAmendment } from "./flag-decision";

/**
 * A dispute of one flag on one address, filed by anyone (issue 29 item 5). It changes nothing until the operator
 * decides: `upheld` drives a flag decision (the flag is removed or downgraded in every answer), `rejected` leaves
 * the answer as it is. A decision is final and public (GET /api/disputes/{id}); answers name every dispute of
 * their address with its status.
 */
export type DisputeStatus = "open" | "upheld" | "rejected";

export const DISPUTE_REASON_MAX = 1000;
export const DISPUTE_EVIDENCE_MAX = 2000;
export const DISPUTE_CONTACT_MAX = 200;
export const DISPUTE_DECISION_REASON_MAX = 500;
/** An EIP-191 signature: 65 bytes, hex. */
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;
const DISPUTE_ID = /^dsp_[0-9a-f]{32}$/;

export interface DisputeRequest {
  readonly address: Address;
  readonly flag: FlagCode;
  readonly reason: string;
  readonly evidence: string | null;
  readonly contact: string | null;
  /** personal_sign over `disputeMessage(...)` by the contract's owner or deployer, or null. */
  readonly signature: string | null;
}

export interface DisputeDecision {
  readonly status: Exclude<DisputeStatus, "open">;
  /** Public: shown by GET /api/disputes/{id}. */
  readonly reason: string;
  /** Upheld only: what happens to the flag (default remove). */
  readonly action: FlagAmendment | null;
}

export interface Dispute {
  readonly id: string;
  readonly address: Address;
  readonly flag: FlagCode;
  readonly reason: string;
  readonly evidence: string | null;
  /** Never shown publicly: only the operator reads it. */
  readonly contact: string | null;
  /** True when the signature recovered to the contract's owner or deployer at filing. */
  readonly ownerSigned: boolean;
  /** Whom the signature recovered to, or null without a signature. */
  readonly signer: Address | null;
  readonly status: DisputeStatus;
  /** ISO 8601, wall clock. */
  readonly filedAt: string;
  readonly decidedAt: string | null;
  readonly decisionReason: string | null;
  readonly action: FlagAmendment | null;
}

export interface DisputeInputError {
  readonly code: "invalid_request";
  readonly field: "body" | "address" | "flag" | "reason" | "evidence" | "contact" | "signature" | "status" | "action";
}

const fail = (field: DisputeInputError["field"]): E.Either<DisputeInputError, never> =>
  E.left({ code: "invalid_request", field });

const asRecord = (body: unknown): Record<string, unknown> | undefined =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

/** POST /api/disputes `{address, flag, reason, evidence?, contact?, signature?}`: every field bounded. */
export function decodeDisputeRequest(body: unknown): E.Either<DisputeInputError, DisputeRequest> {
  const record = asRecord(body);
  if (record === undefined) return fail("body");
  const address = parseAddress(record["address"]);
  if (address === undefined) return fail("address");
  const flag = record["flag"];
  if (typeof flag !== "string" || !isFlagCode(flag)) return fail("flag");
  const reason = optionalPlainNote(record["reason"], DISPUTE_REASON_MAX);
  if (reason === undefined || reason === null) return fail("reason");
  const evidence = optionalPlainNote(record["evidence"], DISPUTE_EVIDENCE_MAX);
  if (evidence === undefined) return fail("evidence");
  const contact = optionalPlainNote(record["contact"], DISPUTE_CONTACT_MAX);
  if (contact === undefined) return fail("contact");
  const signature = record["signature"];
  if (signature !== undefined && signature !== null && (typeof signature !== "string" || !SIGNATURE.test(signature)))
    return fail("signature");
  return E.right({
    address,
    flag,
    reason,
    evidence,
    contact,
    signature: typeof signature === "string" ? signature : null,
  });
}

/** POST /api/operator/disputes/{id}/decision `{status: upheld|rejected, reason, action?: remove|downgrade}`. */
export function decodeDisputeDecision(body: unknown): E.Either<DisputeInputError, DisputeDecision> {
  const record = asRecord(body);
  if (record === undefined) return fail("body");
  const status = record["status"];
  if (status !== "upheld" && status !== "rejected") return fail("status");
  const reason = optionalPlainNote(record["reason"], DISPUTE_DECISION_REASON_MAX);
  if (reason === undefined || reason === null) return fail("reason");
  const action = record["action"];
  if (status === "rejected") return action === undefined ? E.right({ status, reason, action: null }) : fail("action");
  if (action !== undefined && action !== "remove" && action !== "downgrade") return fail("action");
  return E.right({ status, reason, action: action ?? "remove" });
}

export const parseDisputeId = (value: unknown): string | undefined =>
  typeof value === "string" && DISPUTE_ID.test(value) ? value : undefined;

/**
 * The canonical text an owner signs with personal_sign (EIP-191 version 0x45) to prove a dispute is theirs. One
 * field per line, in this order; the address lowercase, the reason exactly as filed (plain text holds no line
 * break, so no field can forge another). The chain id binds it to this service's chain.
 */
export function disputeMessage(chainId: number, request: Pick<DisputeRequest, "address" | "flag" | "reason">): string {
  return [
    "Credence flag dispute",
    `chainId: ${chainId}`,
    `address: ${request.address}`,
    `flag: ${request.flag}`,
    `reason: ${request.reason}`,
  ].join("\n");
}

/** The flag decision kind an upheld dispute records. */
export const flagDecisionFor = (action: FlagAmendment): "flag_removed" | "flag_downgraded" =>
  action === "remove" ? "flag_removed" : "flag_downgraded";

/** A decided dispute: only an open one can be decided (a decision is final). */
export function decide(
  dispute: Dispute,
  decision: DisputeDecision,
  decidedAt: string,
): E.Either<"already_decided", Dispute> {
  if (dispute.status !== "open") return E.left("already_decided");
  return E.right({
    ...dispute,
    status: decision.status,
    decidedAt,
    decisionReason: decision.reason,
    action: decision.status === "upheld" ? decision.action : null,
  });
}

/**
 * GET /api/disputes/{id} (and the 201 of filing): what anyone may see. `reason` is the decision's (null while
 * open); what the filer wrote is `disputeReason` and `evidence`. The contact and the signer stay with the operator.
 */
export function publicDispute(d: Dispute) {
  return {
    id: d.id,
    address: d.address,
    flag: d.flag,
    status: d.status,
    ownerSigned: d.ownerSigned,
    filedAt: d.filedAt,
    decidedAt: d.decidedAt,
    reason: d.decisionReason,
    action: d.action,
    disputeReason: d.reason,
    evidence: d.evidence,
  };
}

/** What every answer for the address names: `disputes: [{id, flag, status}]`, newest first. */
export interface DisputeMention {
  readonly id: string;
  readonly flag: FlagCode;
  readonly status: DisputeStatus;
}

export const mentionOf = (d: Dispute): DisputeMention => ({ id: d.id, flag: d.flag, status: d.status });

/** Answers name at most this many disputes (the newest). */
export const DISPUTES_NAMED = 20;
