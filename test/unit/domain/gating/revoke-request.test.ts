import { expect } from "chai";
import * as E from "fp-ts/Either";
import { decodeRevokeRequest, REVOCATION_REASONS } from "../../../../src/domain/gating/revocation";

const ID = "att_" + "0f".repeat(16);
const codeOf = (decoded: ReturnType<typeof decodeRevokeRequest>) => (E.isLeft(decoded) ? decoded.left.code : "ok");

describe("revoke request decoding (issue 28 finding 8)", () => {
  it("takes each code of the fixed list, with an optional note trimmed to null when blank", () => {
    for (const reason of REVOCATION_REASONS)
      expect(decodeRevokeRequest({ id: ID, reason })).to.deep.equal(E.right({ id: ID, reason, note: null }));
    expect(decodeRevokeRequest({ id: ID, reason: "other", note: "  rotated 🔑 <b>  " })).to.deep.equal(
      E.right({ id: ID, reason: "other", note: "rotated 🔑 <b>" }),
    );
    expect(decodeRevokeRequest({ id: ID, reason: "other", note: "   " })).to.deep.equal(
      E.right({ id: ID, reason: "other", note: null }),
    );
    expect(codeOf(decodeRevokeRequest({ id: ID, reason: "other", note: "x".repeat(200) }))).to.equal("ok");
  });

  it("refuses free text, case variants and notes that are not one line of plain text: invalid_reason", () => {
    for (const body of [
      { id: ID, reason: "Other" },
      { id: ID, reason: "compromised key" },
      { id: ID, reason: "other", note: "x".repeat(201) },
      { id: ID, reason: "other", note: "a\tb" },
      { id: ID, reason: "other", note: "a\r\nb" },
      { id: ID, reason: "other", note: "\u009b31m" },
      { id: ID, reason: "other", note: "\u2066isolate" },
      { id: ID, reason: "other", note: "\uDC00" },
      { id: ID, reason: "other", note: { text: "x" } },
    ])
      expect(codeOf(decodeRevokeRequest(body)), JSON.stringify(body)).to.equal("invalid_reason");
    expect(codeOf(decodeRevokeRequest([ID]))).to.equal("invalid_attestation_id");
  });
});
