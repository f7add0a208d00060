import { createHash } from "node:crypto";
import { expect } from "chai";
import { Wallet, keccak256, toUtf8Bytes } from "ethers";
import { startWebhookReceiver, verifyV1, type WebhookReceiver } from "../../../scripts/guard/webhook-receiver";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { deleteKeys, openRedis, REDIS_URL, testKeyPrefix } from "../../support/redis";
import { clusterSettings, startInstance, startWorldChain, type AppInstance, type WorldChain } from "./support/cluster";
import { payOnce } from "./support/paying";

const OPERATOR_KEY = "cluster-operator-key";
const FLAG = "CANNOT_SELL_ALL";
const REASON = "Every real holder sold in full; only a 1-wei dust rule failed.";

/**
 * Issue 29's "Done when" for disputes, on real processes: two instances on one chain, one PostgreSQL schema, one
 * Redis prefix, both holding the token's answer in their caches. A dispute filed on one and upheld on the other is
 * seen at once by both: widget, batch and paid answers lose the flag, the attestation that carried it verifies
 * `revoked`, and the subscriber's webhook receives a signed `score_changed` alert.
 */
describe("two instances: a dispute upheld on one is seen everywhere at once", function () {
  this.timeout(300_000);
  let world: WorldChain;
  let db: MigratedSchema;
  let a: AppInstance;
  let b: AppInstance;
  let receiver: WebhookReceiver;
  let token = "";
  const redisKeyPrefix = testKeyPrefix("disputes");

  before(async () => {
    [world, db, receiver] = await Promise.all([
      startWorldChain(),
      migratedSchema("disputes_cluster", 4),
      startWebhookReceiver(),
    ]);
    token = world.manifest.capabilityTokens.dustLockToken;
    const settings = await clusterSettings(world, { databaseUrl: db.url, redisUrl: REDIS_URL, redisKeyPrefix });
    const env = {
      ...settings.env,
      OPERATOR_API_KEYS: createHash("sha256").update(OPERATOR_KEY).digest("hex"),
      OUTBOUND_ALLOWLIST: "127.0.0.1",
      DELIVERY_RETRY_BASE_MS: "50",
      WIDGET_RATE_LIMIT_PER_MINUTE: "10000",
      DISPUTE_RATE_LIMIT_PER_MINUTE: "10000",
      // Answers stay cached for the whole test: a decision must show through the caches, not after them.
      SCORE_CACHE_TTL_SECONDS: "600",
    };
    [a, b] = await Promise.all([startInstance({ ...settings, env }, "a"), startInstance({ ...settings, env }, "b")]);
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop(), receiver?.close()]);
    await world?.stop();
    await db?.drop();
    const redis = await openRedis();
    await deleteKeys(redis, redisKeyPrefix);
    redis.disconnect();
  });

  const call = async (instance: AppInstance, method: string, path: string, body?: unknown, headers = {}) => {
    const res = await fetch(instance.url + path, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const widget = async (instance: AppInstance) => (await call(instance, "GET", `/api/widget/score/${token}`)).body;
  const batch = async (instance: AppInstance) =>
    ((await call(instance, "POST", "/api/batch", { addresses: [token] })).body as unknown as Record<string, any>[])[0]!; // eslint-disable-line @typescript-eslint/no-explicit-any
  const paid = async (instance: AppInstance) => {
    const path = `/api/oracle/token/${token}`;
    const res = await call(
      instance,
      "GET",
      path,
      undefined,
      await payOnce(instance.url, path, world.devWallet(0), world.provider),
    );
    expect(res.status).to.equal(200);
    return res.body;
  };
  const codes = (flags: { code: string }[]) => flags.map((f) => f.code);

  it("files on a, upholds on b; both instances' cached answers, batch and paid answers drop the flag at once", async () => {
    // Both instances hold the BLOCKED answer in their caches.
    for (const instance of [a, b]) {
      expect(await widget(instance)).to.deep.include({ tier: "BLOCKED" });
      expect((await batch(instance)).flags).to.include(FLAG);
    }
    expect(codes((await paid(b)).flags)).to.include(FLAG);
    const attested = await call(a, "POST", "/api/gating/attest", {
      subject: token,
      subjectType: "token",
      useClass: "allowlist",
      ttlSeconds: 3600,
    });
    expect(attested.status).to.equal(201);
    const subscribed = await call(b, "POST", "/api/protocol-guard/subscribe", {
      protocolName: "Dust watchers",
      channels: [{ type: "webhook", url: receiver.url }],
      rules: [{ type: "min_score", value: 40, action: "review" }],
      contracts: [{ address: token, events: ["Transfer(address indexed from, address indexed to, uint256 value)"] }],
    });
    expect(subscribed.status).to.equal(201);

    const owner = new Wallet(keccak256(toUtf8Bytes("credence/dev-world/cap-dustLockToken-deployer")));
    const text = `Credence flag dispute\nchainId: ${world.manifest.chainId}\naddress: ${token}\nflag: ${FLAG}\nreason: ${REASON}`;
    const filed = await call(a, "POST", "/api/disputes", {
      address: token,
      flag: FLAG,
      reason: REASON,
      signature: await owner.signMessage(text),
    });
    expect(filed.status).to.equal(201);
    expect(filed.body).to.include({ status: "open", ownerSigned: true });
    const id = filed.body.id as string;
    expect((await widget(b)).disputes).to.deep.equal([{ id, flag: FLAG, status: "open" }]);

    const upheld = await call(
      b,
      "POST",
      `/api/operator/disputes/${id}/decision`,
      { status: "upheld", reason: "sells succeed" },
      {
        Authorization: `Bearer ${OPERATOR_KEY}`,
      },
    );
    expect(upheld.status).to.equal(200);
    expect(upheld.body).to.include({ status: "upheld", subscribersAlerted: 1 });
    expect((await call(a, "GET", `/api/disputes/${id}`)).body).to.include({
      status: "upheld",
      reason: "sells succeed",
    });

    const mention = { id, flag: FLAG, status: "upheld" };
    const [fromA, fromB] = [await widget(a), await widget(b)];
    expect(fromA).to.deep.equal(fromB);
    expect(fromA.tier).to.not.equal("BLOCKED");
    expect(fromA.disputes).to.deep.equal([mention]);
    for (const instance of [a, b]) {
      const item = await batch(instance);
      expect(item.flags).to.not.include(FLAG);
      expect(item).to.include({ score: fromA.score, tier: fromA.tier });
      expect(item.disputes).to.deep.equal([mention]);
    }
    const paidAfter = await paid(a);
    expect(codes(paidAfter.flags)).to.not.include(FLAG);
    expect(paidAfter.disputes).to.deep.equal([mention]);

    const verified = await call(b, "POST", "/api/gating/verify", {
      attestation: attested.body.attestation,
      expectedSubject: token,
      expectedChainId: world.manifest.chainId,
    });
    expect(verified.body).to.include({ valid: false });
    expect(verified.body.reasons).to.deep.equal(["revoked"]);

    await receiver.waitFor(1, 60_000);
    const delivery = receiver.received.find((r) => r.body.includes("score_changed"));
    expect(delivery, receiver.received.map((r) => r.body).join("\n")).to.not.equal(undefined);
    const secret = (subscribed.body.channels as { webhookSecret: string }[])[0]!.webhookSecret;
    const payload = verifyV1(secret, delivery!) as { data: { alert: Record<string, unknown> } };
    expect(payload.data.alert).to.include({
      source: "score_changed",
      disputeId: id,
      wallet: token,
      score: fromA.score,
      tier: fromA.tier,
    });
  });
});
