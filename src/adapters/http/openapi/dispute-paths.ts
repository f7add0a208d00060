import {
  DISPUTE_CONTACT_MAX,
  DISPUTE_DECISION_REASON_MAX,
  DISPUTE_EVIDENCE_MAX,
  DISPUTE_REASON_MAX,
} from "../../../domain/review/dispute";
import { operation, ref } from "./operation";

const obj = ref("JsonObject");
const plain = (maxLength: number, description: string) => ({ type: "string", maxLength, description });
const disputeId = {
  name: "id",
  description: "dsp_ followed by 32 hex characters",
  schema: { type: "string", pattern: "^dsp_[0-9a-f]{32}$" },
};
const VIEW =
  "{id, address, flag, status: open|upheld|rejected, ownerSigned, filedAt, decidedAt, reason (the decision's, null while open), action: remove|downgrade|null, disputeReason, evidence}";

/** Disputes of flags (issue 29 item 5): filing and reading are public, deciding is the operator's. */
export const disputePaths: Record<string, Record<string, unknown>> = {
  "/api/disputes": {
    post: operation({
      summary:
        "File a dispute of one flag on one address (rate-limited, DISPUTE_RATE_LIMIT_PER_MINUTE). Changes no verdict until the operator decides; every answer for the address names it (disputes: [{id, flag, status}]). An optional EIP-191 signature over the canonical message (docs/disputes.md) by the contract's owner or deployer marks it ownerSigned.",
      tag: "disputes",
      body: {
        type: "object",
        required: ["address", "flag", "reason"],
        properties: {
          address: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" },
          flag: { type: "string", description: "a flag code of the catalogue" },
          reason: plain(DISPUTE_REASON_MAX, "one line of plain text, public"),
          evidence: plain(DISPUTE_EVIDENCE_MAX, "one line of plain text (links, tx hashes), public"),
          contact: plain(DISPUTE_CONTACT_MAX, "how the operator may reach you; never shown publicly"),
          signature: {
            type: "string",
            pattern: "^0x[0-9a-fA-F]{130}$",
            description:
              "personal_sign over 'Credence flag dispute\\nchainId: <id>\\naddress: <lowercase address>\\nflag: <FLAG>\\nreason: <reason>'",
          },
        },
      },
      ok: { 201: { description: VIEW, schema: obj } },
      errors: ["invalid_json", "invalid_request", "rate_limited", "storage_unavailable", "explorer_failed"],
    }),
  },
  "/api/disputes/{id}": {
    get: operation({
      summary: "A dispute's public status: open, upheld or rejected, when it was decided and why",
      tag: "disputes",
      pathParams: [disputeId],
      ok: { 200: { description: VIEW, schema: obj } },
      errors: ["not_found", "rate_limited", "storage_unavailable"],
    }),
  },
  "/api/operator/disputes/{id}/decision": {
    post: operation({
      summary:
        "Operator only (Authorization: Bearer <operator key>): decide an open dispute, once. Upheld, the flag is removed (or downgraded to info) in every answer on every instance, score and tier recomputed; attestations that carried it verify revoked; Protocol Guard subscriptions watching the address get a score_changed alert",
      tag: "operator",
      pathParams: [disputeId],
      body: {
        type: "object",
        required: ["status", "reason"],
        properties: {
          status: { type: "string", enum: ["upheld", "rejected"] },
          reason: plain(DISPUTE_DECISION_REASON_MAX, "one line of plain text, public"),
          action: { type: "string", enum: ["remove", "downgrade"], description: "upheld only; default remove" },
        },
      },
      ok: { 200: { description: `${VIEW} plus subscribersAlerted (null when alerting failed)`, schema: obj } },
      errors: [
        "unauthorized",
        "invalid_json",
        "invalid_request",
        "not_found",
        "dispute_already_decided",
        "storage_unavailable",
      ],
    }),
  },
  "/api/operator/disputes": {
    get: operation({
      summary: "Operator only: one address's disputes, newest first, with contact and signer",
      tag: "operator",
      query: [{ name: "address", description: "0x address (required)", schema: { type: "string" } }],
      ok: { 200: { description: "{address, disputes: [...]}", schema: obj } },
      errors: ["unauthorized", "invalid_request", "storage_unavailable"],
    }),
  },
};
