import { expect } from "chai";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { sha256Hex } from "../../../src/adapters/http/middleware/bearer-key-auth";
import { startTestServer } from "../../support/http-harness";

const ADDRESS = "0x" + "ab".repeat(20);
const KEY = "limits-test-key";

/** Every route that computes a score (or stores a subscription) and the variable that bounds it. */
const LIMITED: ReadonlyArray<{ variable: string; method: "GET" | "POST"; path: string; body?: unknown }> = [
  { variable: "NFT_RATE_LIMIT_PER_MINUTE", method: "GET", path: `/api/token-shield/nft/${ADDRESS}` },
  { variable: "ARC_SCORE_RATE_LIMIT_PER_MINUTE", method: "GET", path: `/api/arc-score/${ADDRESS}` },
  { variable: "STAKING_RATE_LIMIT_PER_MINUTE", method: "GET", path: `/api/staking/analyze/${ADDRESS}` },
  { variable: "GATING_RATE_LIMIT_PER_MINUTE", method: "POST", path: "/api/gating/attest", body: {} },
  { variable: "GUARD_RATE_LIMIT_PER_MINUTE", method: "POST", path: "/api/protocol-guard/check", body: {} },
  { variable: "RISK_CHECK_RATE_LIMIT_PER_MINUTE", method: "POST", path: "/api/risk-check", body: {} },
  { variable: "ORACLE_RATE_LIMIT_PER_MINUTE", method: "GET", path: `/api/oracle/${ADDRESS}` },
  { variable: "ORACLE_RATE_LIMIT_PER_MINUTE", method: "GET", path: `/api/oracle/token/${ADDRESS}` },
  { variable: "SUBSCRIBE_RATE_LIMIT_PER_MINUTE", method: "POST", path: "/api/protocol-guard/subscribe", body: {} },
  { variable: "SUBSCRIBE_LIMIT_PER_DAY", method: "POST", path: "/api/protocol-guard/subscribe", body: {} },
];

describe("HTTP edge: every score-computing route has its own per-client limit (issue 13 item 6)", () => {
  for (const route of LIMITED) {
    it(`${route.method} ${route.path.replace(ADDRESS, "{address}")} answers 429 past ${route.variable}`, async () => {
      const server: RunningServer = await startTestServer({
        env: { [route.variable]: "2", PLATFORM_API_KEYS: sha256Hex(KEY) },
      });
      try {
        const send = () =>
          fetch(server.url + route.path, {
            method: route.method,
            headers: { Authorization: `Bearer ${KEY}` },
            ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
          });
        const statuses = [];
        for (let i = 0; i < 3; i += 1) statuses.push((await send()).status);
        expect(statuses.slice(0, 2)).to.not.include(429);
        const limited = await send();
        expect(limited.status).to.equal(429);
        expect(limited.headers.get("retry-after")).to.match(/^\d+$/);
        expect(await limited.json()).to.include({ error: "rate_limited" });
      } finally {
        await server.close();
      }
    });
  }

  it("gating attest and check share one budget", async () => {
    const server = await startTestServer({ env: { GATING_RATE_LIMIT_PER_MINUTE: "1" } });
    try {
      const post = (path: string) => fetch(server.url + path, { method: "POST", body: "{}" });
      expect((await post("/api/gating/attest")).status).to.equal(400);
      expect((await post("/api/gating/check")).status).to.equal(429);
    } finally {
      await server.close();
    }
  });
});
