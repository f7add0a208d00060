import { expect } from "chai";
import * as E from "fp-ts/Either";
import { sha256Hex } from "../../../src/adapters/http/middleware/bearer-key-auth";
import { loadConfig } from "../../../src/infrastructure/config/config";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const PLATFORM_KEY = "platform-key-of-a-partner";
const OPERATOR_KEY = "operator-key-of-credence";
const ID = "att_" + "ab".repeat(16);

describe("operator credential (OPERATOR_API_KEYS, issue 28 finding 8)", () => {
  it("config decodes digests like PLATFORM_API_KEYS, never echoes a pasted key, and refuses a shared digest", () => {
    const good = loadConfig({ OPERATOR_API_KEYS: ` ${sha256Hex(OPERATOR_KEY).toUpperCase()} ` });
    expect(E.isRight(good) && good.right.env.OPERATOR_API_KEYS).to.deep.equal([sha256Hex(OPERATOR_KEY)]);
    const raw = loadConfig({ OPERATOR_API_KEYS: "my-raw-operator-key" });
    expect(E.isLeft(raw) && raw.left.join(" ")).to.match(/^OPERATOR_API_KEYS=<redacted>/);
    expect(E.isLeft(raw) && raw.left.join(" ")).not.to.include("my-raw-operator-key");
    const shared = loadConfig({
      PLATFORM_API_KEYS: sha256Hex(PLATFORM_KEY),
      OPERATOR_API_KEYS: sha256Hex(PLATFORM_KEY),
    });
    expect(E.isLeft(shared) && shared.left.join(" ")).to.match(/^OPERATOR_API_KEYS: .*PLATFORM_API_KEYS/);
  });

  describe("over HTTP", () => {
    let server: RunningServer;
    before(async () => {
      server = await startTestServer({
        env: { PLATFORM_API_KEYS: sha256Hex(PLATFORM_KEY), OPERATOR_API_KEYS: sha256Hex(OPERATOR_KEY) },
      });
    });
    after(() => server.close());
    const revoke = async (body: unknown, key?: string) => {
      const res = await fetch(`${server.url}/api/gating/revoke`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: {
          "content-type": "application/json",
          ...(key === undefined ? {} : { Authorization: `Bearer ${key}` }),
        },
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
    };

    it("a platform key cannot revoke (401, nothing recorded); no key neither", async () => {
      for (const key of [PLATFORM_KEY, undefined, sha256Hex(OPERATOR_KEY)]) {
        const res = await revoke({ id: ID, reason: "other" }, key);
        expect([res.status, res.body]).to.deep.equal([401, { error: "unauthorized" }]);
        expect(res.headers.get("www-authenticate")).to.match(/^Bearer realm="credence-operator"/);
      }
      const list = await (await fetch(`${server.url}/api/gating/revocations`)).json();
      expect(list).to.deep.equal({ revocations: [] });
    });

    it("refuses free text, unknown codes and hostile notes with 400 invalid_reason", async () => {
      for (const body of [
        { id: ID, reason: "key rotated" },
        { id: ID, reason: "<b>scam</b>" },
        { id: ID },
        { id: ID, reason: ["other"] },
        { id: ID, reason: "other", note: "x".repeat(201) },
        { id: ID, reason: "other", note: "line\nbreak" },
        { id: ID, reason: "other", note: "c1\u0085control" },
        { id: ID, reason: "other", note: "bidi \u202Egnp.exe" },
        { id: ID, reason: "other", note: 7 },
      ]) {
        const res = await revoke(body, OPERATOR_KEY);
        expect([res.status, res.body], JSON.stringify(body)).to.deep.equal([400, { error: "invalid_reason" }]);
      }
      // The JSON body guard refuses these before any route reads them; either way a 400 and nothing written.
      for (const note of ["nul\u0000", "bell\u0007", "\uD800 lone"]) {
        const res = await revoke({ id: ID, reason: "other", note }, OPERATOR_KEY);
        expect(res.status, JSON.stringify(note)).to.equal(400);
        expect(res.body.error).to.be.oneOf(["invalid_json", "invalid_reason"]);
      }
      expect((await revoke({ id: "att_1", reason: "other" }, OPERATOR_KEY)).body).to.deep.equal({
        error: "invalid_attestation_id",
      });
    });

    it("the operator revokes with a code and a note, published as JSON data", async () => {
      const note = `<script>alert("x")</script> & rotated — “quoted” ✓`;
      const res = await revoke({ id: ID, reason: "key_compromised", note }, OPERATOR_KEY);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: ID, revoked: true, reason: "key_compromised", note });
      const plain = await revoke({ id: "att_" + "cd".repeat(16), reason: "issued_in_error" }, OPERATOR_KEY);
      expect(plain.body).to.include({ reason: "issued_in_error", note: null });
      const list = await fetch(`${server.url}/api/gating/revocations`);
      expect(list.headers.get("content-type")).to.match(/^application\/json/);
      expect(list.headers.get("x-content-type-options")).to.equal("nosniff");
      const body = (await list.json()) as { revocations: Record<string, unknown>[] };
      expect(body.revocations.map(({ revokedAt: _at, ...rest }) => rest)).to.deep.equal([
        { id: "att_" + "cd".repeat(16), reason: "issued_in_error", note: null },
        { id: ID, reason: "key_compromised", note },
      ]);
    });

    it("the feedback queue is read with the operator credential, not a platform key", async () => {
      expect(
        (await fetch(`${server.url}/api/feedback`, { headers: { Authorization: `Bearer ${PLATFORM_KEY}` } })).status,
      ).to.equal(401);
      const queue = await fetch(`${server.url}/api/feedback`, { headers: { Authorization: `Bearer ${OPERATOR_KEY}` } });
      expect(queue.status).to.equal(200);
    });
  });
});
