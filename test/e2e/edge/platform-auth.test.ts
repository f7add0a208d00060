import { expect } from "chai";
import { createHash } from "node:crypto";
import * as E from "fp-ts/Either";
import { matchesKeyDigest, sha256Hex } from "../../../src/adapters/http/middleware/bearer-key-auth";
import { loadConfig } from "../../../src/infrastructure/config/config";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

const KEY = "platform-test-key";
const OTHER_DIGEST = "0".repeat(64);
const ADDRESS = "0x" + "ab".repeat(20);

describe("platform credential (PLATFORM_API_KEYS)", () => {
  it("matches a key by its SHA-256 digest, against any of the configured digests", () => {
    const digest = createHash("sha256").update(KEY).digest("hex");
    expect(sha256Hex(KEY)).to.equal(digest);
    expect(matchesKeyDigest(KEY, [OTHER_DIGEST, digest])).to.equal(true);
    expect(matchesKeyDigest(KEY, [OTHER_DIGEST])).to.equal(false);
    expect(matchesKeyDigest(digest, [digest])).to.equal(false); // the digest itself is not a key
    expect(matchesKeyDigest(KEY, [])).to.equal(false);
  });

  it("config takes digests only, and names the variable without echoing it", () => {
    const bad = loadConfig({ PLATFORM_API_KEYS: "my-raw-secret-key" });
    expect(E.isLeft(bad) && bad.left.join(" ")).to.match(/^PLATFORM_API_KEYS=<redacted>/);
    expect(E.isLeft(bad) && bad.left.join(" ")).not.to.include("my-raw-secret-key");
    const good = loadConfig({ PLATFORM_API_KEYS: ` ${sha256Hex(KEY).toUpperCase()} , ${OTHER_DIGEST}` });
    expect(E.isRight(good) && good.right.env.PLATFORM_API_KEYS).to.deep.equal([sha256Hex(KEY), OTHER_DIGEST]);
  });

  describe("over HTTP", () => {
    let server: RunningServer;
    before(async () => {
      server = await startTestServer({ env: { PLATFORM_API_KEYS: sha256Hex(KEY) } });
    });
    after(() => server.close());
    const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

    for (const [label, headers] of [
      ["no credential", {}],
      ["a wrong key", { Authorization: "Bearer not-the-key" }],
      ["the digest instead of the key", { Authorization: `Bearer ${sha256Hex(KEY)}` }],
      ["another scheme", { Authorization: `Basic ${KEY}` }],
    ] as const) {
      it(`arc-score and graph-trust refuse ${label}: 401 unauthorized with WWW-Authenticate`, async () => {
        const arc = await get(`/api/arc-score/${ADDRESS}`, headers);
        expect(arc.status).to.equal(401);
        expect(arc.headers.get("www-authenticate")).to.match(/^Bearer/);
        expect(await arc.json()).to.deep.equal({ error: "unauthorized" });
        const graph = await fetch(server.url + "/api/graph-trust", { method: "POST", body: "{}", headers });
        expect(graph.status).to.equal(401);
      });
    }

    it("lets the platform key through to the route itself", async () => {
      const auth = { Authorization: `Bearer ${KEY}` };
      const badAddress = await get("/api/arc-score/0x1234", auth);
      expect(badAddress.status).to.equal(400);
      expect(await badAddress.json()).to.deep.equal({ error: "invalid_address" });
      const graph = await fetch(server.url + "/api/graph-trust", { method: "POST", body: "{}", headers: auth });
      expect(graph.status).to.equal(400);
      expect(await graph.json()).to.deep.equal({ error: "addresses_required" });
      const cluster = await get("/api/graph-trust/cluster/sc_0000000000000000", { Authorization: "Bearer wrong" });
      expect(cluster.status).to.equal(401);
    });

    it("keeps stats public", async () => {
      expect((await get("/api/stats")).status).to.equal(200);
    });
  });

  it("with no keys configured, the platform paths are closed to everyone", async () => {
    const closed = await startTestServer();
    try {
      const res = await fetch(`${closed.url}/api/arc-score/${ADDRESS}`, {
        headers: { Authorization: `Bearer ${KEY}` },
      });
      expect(res.status).to.equal(401);
    } finally {
      await closed.close();
    }
  });
});
