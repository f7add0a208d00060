import { expect } from "chai";
import { CheckWallet } from "../../../src/application/use-cases/protocol-guard/check-wallet.use-case";
import { ReadSubscription } from "../../../src/application/use-cases/protocol-guard/read-subscription.use-case";
import { Subscribe } from "../../../src/application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../../../src/application/use-cases/protocol-guard/update-subscription.use-case";
import {
  protocolGuardRoutes,
  type ProtocolGuardRouteDeps,
} from "../../../src/adapters/http/routes/protocol-guard.routes";
import { buildContainer } from "../../../src/infrastructure/container";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { InMemorySubscriptionStore } from "../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { detachedRuntime, startTestServer, unlimited } from "../../support/http-harness";
import { countingTokens, fakeScorer, fixedClock, guardRouteDeps } from "../../support/fakes/guard-fakes";
import { ethersSignatureParser } from "../../../src/adapters/chain/ethers-event-decoder.adapter";
import { ImportOzMonitors } from "../../../src/application/use-cases/protocol-guard/import-oz-monitors.use-case";
import { ListDeliveries } from "../../../src/application/use-cases/protocol-guard/list-deliveries.use-case";
import { ReadWebhookKeys } from "../../../src/application/use-cases/protocol-guard/read-webhook-keys.use-case";
import { ReplayAlert } from "../../../src/application/use-cases/protocol-guard/replay-alert.use-case";

/**
 * Production wiring over the detached chain: real in-memory store, real ScoreAddress (which can
 * only fail here, so check is exercised up to its 404, validation and fail-closed paths).
 */
function productionDeps(): ProtocolGuardRouteDeps {
  const container = buildContainer(detachedRuntime());
  return {
    checkWallet: container.get(CheckWallet),
    subscribe: container.get(Subscribe),
    importOzMonitors: container.get(ImportOzMonitors),
    chainId: 31337,
    readSubscription: container.get(ReadSubscription),
    updateSubscription: container.get(UpdateSubscription),
    listDeliveries: container.get(ListDeliveries),
    replayAlert: container.get(ReplayAlert),
    readWebhookKeys: container.get(ReadWebhookKeys),
    parseSignature: ethersSignatureParser,
    checkRateLimit: unlimited,
    subscribeLimits: [],
  };
}

const WALLET = "0x" + "ab".repeat(20);
/** What a read shows of the two channels subscribe() registers: types and booleans, ids aside. */
const REDACTED = [
  { type: "webhook", status: "active", url: true, secret: true },
  { type: "email", status: "active", to: true },
];
const withoutIds = (channels: unknown) =>
  (channels as Record<string, unknown>[]).map(({ id: _id, webhookSecret: _secret, ...rest }) => rest);

describe("HTTP: Protocol Guard", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer({ routers: [protocolGuardRoutes(productionDeps())] });
  });
  after(() => server.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  };
  const subscribe = async () => {
    const created = await call("POST", "/api/protocol-guard/subscribe", {
      protocolName: "Lend",
      channels: { webhookUrl: "https://hooks.example.org/secret-path", email: "ops@example.org" },
      rules: [{ type: "min_score", value: 60 }],
    });
    expect(created.status).to.equal(201);
    return created.body as { id: string; manageToken: string } & Record<string, unknown>;
  };

  it("subscribe answers 201 with an id, redacted channels and a one-time 32-byte manage token", async () => {
    const created = await subscribe();
    expect(created.id).to.match(/^sub_[A-Za-z0-9_-]{22}$/);
    expect(created.manageToken).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(created).to.deep.include({
      protocolName: "Lend",
      status: "active",
      rules: [{ type: "min_score", value: 60, action: "review" }],
      contracts: [],
    });
    expect(withoutIds(created.channels)).to.deep.equal(REDACTED);
    expect((created.channels as Record<string, unknown>[])[0]?.webhookSecret).to.match(/^whsec_/);
    expect(JSON.stringify(created)).not.to.contain("secret-path");
  });

  it("nothing lists subscriptions: without an id, 401 manage_token_required (400 id with a token)", async () => {
    const created = await subscribe();
    const list = await call("GET", "/api/protocol-guard/subscriptions");
    expect([list.status, list.body]).to.deep.equal([401, { error: "manage_token_required" }]);
    expect(list.headers.get("www-authenticate")).to.contain("Bearer");
    const withToken = await call("GET", "/api/protocol-guard/subscriptions", undefined, {
      Authorization: `Bearer ${created.manageToken}`,
    });
    expect([withToken.status, withToken.body]).to.deep.equal([400, { error: "invalid_request", field: "id" }]);
    expect(JSON.stringify([list.body, withToken.body])).not.to.contain(created.id);
  });

  it("one subscription needs its token (Bearer, ?token= or body); unknown is 404, bad token 401", async () => {
    const { id, manageToken } = await subscribe();
    const path = `/api/protocol-guard/subscriptions?id=${id}`;
    const byHeader = await call("GET", path, undefined, { Authorization: `Bearer ${manageToken}` });
    expect(byHeader.status).to.equal(200);
    expect(byHeader.body).to.deep.include({ alerts: [], onchainEvents: [] });
    expect(withoutIds((byHeader.body.subscription as Record<string, unknown>).channels)).to.deep.equal(REDACTED);
    expect(JSON.stringify(byHeader.body)).not.to.contain("whsec_");
    expect((await call("GET", `${path}&token=${manageToken}`)).status).to.equal(200);
    const missing = await call("GET", path);
    expect([missing.status, missing.body]).to.deep.equal([401, { error: "unauthorized" }]);
    expect(missing.headers.get("www-authenticate")).to.contain("Bearer");
    expect((await call("GET", path, undefined, { Authorization: "Bearer nope" })).status).to.equal(401);
    const unknown = await call("GET", "/api/protocol-guard/subscriptions?id=sub_unknown", undefined, {
      Authorization: `Bearer ${manageToken}`,
    });
    expect([unknown.status, unknown.body]).to.deep.equal([404, { error: "registration_not_found" }]);
    const otherToken = (await subscribe()).manageToken;
    expect((await call("GET", path, undefined, { Authorization: `Bearer ${otherToken}` })).status).to.equal(401);
  });

  it("PATCH updates with the token, and a bad field refuses the whole update", async () => {
    const { id, manageToken } = await subscribe();
    const refused = await call("PATCH", "/api/protocol-guard/subscriptions", {
      id,
      token: manageToken,
      status: "paused",
      rules: [{ type: "bogus" }],
    });
    expect([refused.status, refused.body]).to.deep.equal([400, { error: "invalid_request", field: "rules" }]);
    const unchanged = await call("GET", `/api/protocol-guard/subscriptions?id=${id}&token=${manageToken}`);
    expect((unchanged.body.subscription as Record<string, unknown>).status).to.equal("active");

    expect((await call("PATCH", "/api/protocol-guard/subscriptions", { id, status: "paused" })).status).to.equal(401);
    const patched = await call("PATCH", "/api/protocol-guard/subscriptions", {
      id,
      token: manageToken,
      status: "paused",
      channels: {},
    });
    expect(patched.status).to.equal(200);
    expect(patched.body).to.deep.include({ id, status: "paused", channels: [] });
    const viaHeader = await call(
      "PATCH",
      "/api/protocol-guard/subscriptions",
      { id, status: "active" },
      { Authorization: `Bearer ${manageToken}` },
    );
    expect(viaHeader.body.status).to.equal("active");
    const unknown = await call("PATCH", "/api/protocol-guard/subscriptions", {
      id: "sub_nope",
      status: "paused",
      token: manageToken,
    });
    expect(unknown.status).to.equal(404);
  });

  it("subscribe input errors name the field", async () => {
    const post = (body: unknown) => call("POST", "/api/protocol-guard/subscribe", body);
    expect((await post({ channels: {}, rules: [] })).body).to.deep.equal({
      error: "invalid_request",
      field: "protocolName",
    });
    expect((await post({ protocolName: "L", channels: { fax: "1" }, rules: [] })).body).to.deep.equal({
      error: "invalid_request",
      field: "channels",
    });
    expect((await post({ protocolName: "L", channels: {}, rules: "all" })).body).to.deep.equal({
      error: "invalid_request",
      field: "rules",
    });
    expect((await post([])).status).to.equal(400);
  });

  it("check: invalid_wallet, named invalid fields, 404 for an unknown subscription", async () => {
    const post = (body: unknown) => call("POST", "/api/protocol-guard/check", body);
    expect(await post({ wallet: "0x12" })).to.deep.include({ status: 400, body: { error: "invalid_wallet" } });
    expect((await post({ wallet: WALLET, amount: "10" })).body).to.deep.equal({
      error: "invalid_request",
      field: "amount",
    });
    expect(await post({ wallet: WALLET, subscriptionId: "sub_unknown", token: "t" })).to.deep.include({
      status: 404,
      body: { error: "registration_not_found" },
    });
  });

  it("check fails closed with 502 scoring_unavailable when no score can be computed", async () => {
    const { id, manageToken } = await subscribe();
    const result = await call(
      "POST",
      "/api/protocol-guard/check",
      { wallet: WALLET, subscriptionId: id, economicReachUsd: 5000 },
      {
        Authorization: `Bearer ${manageToken}`,
      },
    );
    expect([result.status, result.body]).to.deep.equal([502, { error: "scoring_unavailable" }]);
  });

  it("PATCH of one field keeps the rest; the delivery log and replay need the token; the JWK set is public", async () => {
    const { id, manageToken } = await subscribe();
    const read = async () =>
      (await call("GET", `/api/protocol-guard/subscriptions?id=${id}&token=${manageToken}`)).body
        .subscription as Record<string, unknown>;
    const before = await read();
    const patched = await call("PATCH", "/api/protocol-guard/subscriptions", {
      id,
      token: manageToken,
      protocolName: "Lend 2",
    });
    expect(patched.status).to.equal(200);
    const after = await read();
    expect({ ...after, updatedAt: before.updatedAt }).to.deep.equal({ ...before, protocolName: "Lend 2" });
    const log = await call("GET", `/api/protocol-guard/subscriptions/${id}/deliveries`);
    expect([log.status, log.body]).to.deep.equal([401, { error: "unauthorized" }]);
    const withToken = await call("GET", `/api/protocol-guard/subscriptions/${id}/deliveries?token=${manageToken}`);
    expect([withToken.status, withToken.body]).to.deep.equal([200, { subscriptionId: id, attempts: [] }]);
    const replay = await call("POST", `/api/protocol-guard/subscriptions/${id}/alerts/alert_nope/replay`, {
      token: manageToken,
    });
    expect([replay.status, replay.body]).to.deep.equal([404, { error: "not_found" }]);
    const jwks = await call("GET", "/.well-known/credence-webhooks.json");
    expect(jwks.status).to.equal(200);
    expect(jwks.body.keys).to.have.length(1);
    expect((jwks.body.keys as Record<string, unknown>[])[0]).to.include({ kty: "OKP", crv: "Ed25519" });
    const cancelled = await call("PATCH", "/api/protocol-guard/subscriptions", {
      id,
      token: manageToken,
      status: "cancelled",
    });
    expect(cancelled.status).to.equal(200);
    const again = await call("PATCH", "/api/protocol-guard/subscriptions", {
      id,
      token: manageToken,
      status: "active",
    });
    expect([again.status, again.body]).to.deep.equal([409, { error: "subscription_cancelled" }]);
  });
});

describe("HTTP: Protocol Guard check with a scorer", () => {
  const RISKY = "0x" + "cd".repeat(20);
  let server: RunningServer;
  before(async () => {
    const store = new InMemorySubscriptionStore();
    const scorer = fakeScorer({
      [RISKY]: { score: 45, tier: "MEDIUM", flags: [{ code: "EXIT_SYNC", severity: "high" }] },
    });
    const [random, clock] = [countingTokens(), fixedClock()];
    const deps: ProtocolGuardRouteDeps = guardRouteDeps(store, scorer, random, clock);
    server = await startTestServer({ routers: [protocolGuardRoutes(deps)] });
  });
  after(() => server.close());

  it("a block against a subscription answers the decision and shows up as its newest alert", async () => {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      (await fetch(server.url + path, { method: "POST", body: JSON.stringify(body), headers })).json() as Promise<
        Record<string, unknown>
      >;
    const sub = (await post("/api/protocol-guard/subscribe", {
      protocolName: "Lend",
      channels: {},
      rules: [{ type: "block_flags", flags: ["EXIT_SYNC"] }],
    })) as {
      id: string;
      manageToken: string;
    };
    const stranger = await post("/api/protocol-guard/check", { wallet: RISKY, subscriptionId: sub.id });
    expect(stranger).not.to.have.property("alertId");
    expect(stranger).not.to.have.property("subscriptionId");
    expect(stranger.rulesApplied).not.to.include("rules[0].block_flags");
    const checked = await post(
      "/api/protocol-guard/check",
      { wallet: RISKY.toUpperCase().replace("0X", "0x"), subscriptionId: sub.id, context: "borrow" },
      { Authorization: `Bearer ${sub.manageToken}` },
    );
    expect(checked).to.deep.include({
      wallet: RISKY,
      decision: "block",
      pricing: "free",
      flags: ["EXIT_SYNC"],
      subscriptionId: sub.id,
      context: "borrow",
    });
    const read = (await (
      await fetch(`${server.url}/api/protocol-guard/subscriptions?id=${sub.id}`, {
        headers: { Authorization: `Bearer ${sub.manageToken}` },
      })
    ).json()) as { alerts: Record<string, unknown>[] };
    expect(read.alerts).to.have.length(1);
    expect(read.alerts[0]).to.deep.include({
      id: checked.alertId,
      wallet: RISKY,
      decision: "block",
      score: 45,
      tier: "MEDIUM",
    });
  });
});
