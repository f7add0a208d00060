import { expect } from "chai";
import * as TE from "fp-ts/TaskEither";
import { buildHttpApp } from "../../../../src/adapters/http/app";
import {
  widgetEarlyRoute,
  widgetRoutes,
  type WidgetRouteDeps,
} from "../../../../src/adapters/http/routes/widget.routes";
import { InMemoryRateLimiter } from "../../../../src/adapters/rate-limit/in-memory-rate-limiter.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import type { ScoredAddress } from "../../../../src/application/use-cases/scoring/scored-address";
import { scoringFailed } from "../../../../src/application/use-cases/scoring/scored-address";
import type { Address } from "../../../../src/domain/chain/address";
import { startHttpServer, type RunningServer } from "../../../../src/infrastructure/http-server";
import { silentLogger } from "../../../support/http-harness";

const CACHED = "0x00000000000000000000000000000000000000c1" as Address;
const COMPUTED = "0x00000000000000000000000000000000000000c2" as Address;
const FAILING = "0x00000000000000000000000000000000000000c3" as Address;

const token = (address: Address, score: number) =>
  ({ address, kind: "erc20", officialIssuer: false, score, tier: "MEDIUM" }) as unknown as ScoredAddress;

/** The widget's use case, reduced to what the widget reads: one cached answer, one computed, one failure. */
function scoreAddress(): WidgetRouteDeps["scoreAddress"] & { computed: Address[] } {
  const computed: Address[] = [];
  return {
    computed,
    cached: (address) => (address === CACHED ? token(CACHED, 61) : null),
    withDecisions: (scored) => Promise.resolve(scored),
    execute: (address) => {
      computed.push(address);
      return address === FAILING
        ? TE.left(scoringFailed("scoring")(upstreamFailure("rpc", "node down")))
        : TE.right(token(address, 47));
    },
  };
}

/** The main app's edge with the widget, with or without its early route; each with its own 3-a-minute budget. */
async function serve(early: boolean): Promise<RunningServer> {
  const deps: WidgetRouteDeps = {
    scoreAddress: scoreAddress(),
    rateLimit: {
      name: "widget",
      limiter: new InMemoryRateLimiter(),
      trustedProxies: new Set(),
      policy: { limit: 3, windowMs: 60_000 },
    },
  };
  const app = buildHttpApp({
    logger: silentLogger,
    routers: [widgetRoutes(deps)],
    earlyRoutes: early ? [widgetEarlyRoute(deps)] : [],
  });
  return startHttpServer(app, "127.0.0.1", 0);
}

/** Status, body and every header a client can see, minus the ones that differ per response. */
async function seen(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { ...init, headers: { Origin: "https://shop.example", ...init.headers } });
  const headers = Object.fromEntries(
    [...response.headers.entries()].filter(([name]) => !["date", "x-request-id", "keep-alive"].includes(name)),
  );
  return {
    status: response.status,
    body: await response.text(),
    headers,
    requestId: response.headers.get("x-request-id"),
  };
}

describe("the widget's early route answers as the routed path would", () => {
  let routed: RunningServer;
  let early: RunningServer;
  beforeEach(async () => {
    [routed, early] = await Promise.all([serve(false), serve(true)]);
  });
  afterEach(async () => {
    await Promise.all([routed.close(), early.close()]);
  });

  it("gives the same status, body and headers for cached, computed and failed answers, then the same 429", async () => {
    const answers = [];
    for (const address of [CACHED, COMPUTED, FAILING, CACHED]) {
      const path = `/api/widget/score/${address}`;
      const [a, b] = [await seen(routed.url + path), await seen(early.url + path)];
      expect(b, path).to.deep.include({ status: a.status, body: a.body, headers: a.headers });
      answers.push(a);
    }
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 502, 429]);
    expect(JSON.parse(answers[0]!.body)).to.deep.equal({ score: 61, tier: "MEDIUM", contractType: "ERC-20" });
    expect(JSON.parse(answers[1]!.body)).to.deep.equal({ score: 47, tier: "MEDIUM", contractType: "ERC-20" });
    expect(answers[0]!.headers).to.include({
      "access-control-allow-origin": "*",
      "cache-control": "no-store",
      "content-type": "application/json; charset=utf-8",
      vary: "Origin",
    });
  });

  it("spends one budget with the router: malformed addresses and HEAD go on to the route, and count", async () => {
    const bad = await seen(`${early.url}/api/widget/score/0x1234`);
    expect(bad.status).to.equal(400);
    expect(JSON.parse(bad.body)).to.deep.equal({ error: "invalid_address" });
    expect(bad.headers["access-control-allow-origin"]).to.equal("*");
    expect((await seen(`${early.url}/api/widget/score/${CACHED}`, { method: "HEAD" })).status).to.equal(200);
    expect((await seen(`${early.url}/api/widget/score/${CACHED}`)).status).to.equal(200);
    const refused = await seen(`${early.url}/api/widget/score/${CACHED}`);
    expect(refused.status).to.equal(429);
    expect(JSON.parse(refused.body)).to.have.property("error", "rate_limited");
    expect(refused.headers).to.include({ "access-control-allow-origin": "*", "cache-control": "no-store" });
    expect(refused.headers["retry-after"]).to.match(/^\d+$/);
  });

  it("keeps the client's request id, and mints one for a client that sent none", async () => {
    const path = `/api/widget/score/${CACHED}`;
    expect((await seen(early.url + path, { headers: { "X-Request-Id": "shop-42" } })).requestId).to.equal("shop-42");
    expect((await seen(early.url + path)).requestId).to.match(/^[0-9a-f-]{36}$/);
  });
});
