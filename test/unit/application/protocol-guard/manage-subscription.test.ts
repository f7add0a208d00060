import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { Webhook } from "standardwebhooks";
import { InMemoryDeliveryOutbox } from "../../../../src/adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemorySubscriptionStore } from "../../../../src/adapters/storage/in-memory-subscription-store.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import type { SubscriptionStore } from "../../../../src/application/ports/subscription-store.port";
import { hashManageToken, manageTokenMatches } from "../../../../src/application/use-cases/protocol-guard/manage-token";
import { ReadSubscription } from "../../../../src/application/use-cases/protocol-guard/read-subscription.use-case";
import { Subscribe } from "../../../../src/application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../../../../src/application/use-cases/protocol-guard/update-subscription.use-case";
import { webhookSecretsOf } from "../../../../src/application/use-cases/protocol-guard/webhook-secrets";
import type { SubscriptionId } from "../../../../src/domain/protocol-guard/subscription";
import { countingTokens, fixedClock, testWebhookKeys } from "../../../support/fakes/guard-fakes";

const codeOf = <R>(result: E.Either<{ code: string }, R>) => (E.isLeft(result) ? result.left.code : "ok");
const T0 = Date.UTC(2025, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

describe("Protocol Guard subscription management", () => {
  const keys = testWebhookKeys();
  let store: InMemorySubscriptionStore;
  let outbox: InMemoryDeliveryOutbox;
  let id: string;
  let token: string;
  let secret: string;
  const update = (at = T0 + 1000) =>
    new UpdateSubscription(store, fixedClock(at), { randomToken: (n) => `rotated${n}`.padEnd(43, "r") }, keys, outbox);
  beforeEach(async () => {
    store = new InMemorySubscriptionStore();
    outbox = new InMemoryDeliveryOutbox();
    const created = await new Subscribe(store, countingTokens(), fixedClock(T0), keys).execute({
      protocolName: "Lend",
      channels: [{ type: "webhook", url: "https://hooks.example.org/secret" }],
      rules: [{ type: "min_score", value: 50, action: "review" }],
      contracts: [],
    })();
    if (E.isLeft(created)) throw new Error(created.left.detail);
    ({ id, manageToken: token } = created.right);
    const channel = created.right.channels[0] as Record<string, unknown>;
    expect(channel).to.deep.include({ type: "webhook", url: true, secret: true, status: "active" });
    secret = String(channel.webhookSecret);
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]+=*$/);
  });

  it("stores only the sha256 of the manage token, and no webhook secret at all", async () => {
    const stored = await store.get(id as SubscriptionId)();
    expect(E.isRight(stored) && stored.right?.manageTokenHash).to.equal(hashManageToken(token));
    expect(JSON.stringify(stored)).not.to.contain(token);
    expect(JSON.stringify(stored)).not.to.contain(secret.slice(6));
    expect(manageTokenMatches(token, hashManageToken(token))).to.equal(true);
    expect(manageTokenMatches(token + "x", hashManageToken(token))).to.equal(false);
    expect(manageTokenMatches(undefined, hashManageToken(token))).to.equal(false);
  });

  it("read: the subscription redacted (no secret), alerts and events, for the token only", async () => {
    const read = new ReadSubscription(store, outbox);
    const result = await read.execute({ id, token })();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    expect(JSON.stringify(result.right)).not.to.contain("whsec_");
    expect(JSON.stringify(result.right)).not.to.contain("hooks.example.org");
    expect(result.right).to.deep.include({ alerts: [], onchainEvents: [] });
    expect(codeOf(await read.execute({ id, token: "wrong" })())).to.equal("unauthorized");
    expect(codeOf(await read.execute({ id })())).to.equal("unauthorized");
    expect(codeOf(await read.execute({ id: "sub_unknown", token })())).to.equal("registration_not_found");
  });

  it("PATCH of one field keeps every other field (channels, their secrets, rules, contracts)", async () => {
    const before = await store.get(id as SubscriptionId)();
    const result = await update().execute({ id, changes: { protocolName: "Lend v2" } }, token)();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    const after = await store.get(id as SubscriptionId)();
    if (E.isLeft(before) || E.isLeft(after) || before.right === null || after.right === null) throw new Error("gone");
    expect(after.right).to.deep.equal({
      ...before.right,
      protocolName: "Lend v2",
      updatedAt: new Date(T0 + 1000).toISOString(),
    });
    expect(JSON.stringify(result.right)).not.to.contain("whsec_");
  });

  it("re-sending the same webhook keeps its channel and secret; a new one gets a new secret, shown once", async () => {
    const result = await update().execute(
      {
        id,
        changes: {
          channels: [
            { type: "webhook", url: "https://hooks.example.org/secret" },
            { type: "webhook", url: "https://other.example.org/x" },
          ],
        },
      },
      token,
    )();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    const [kept, added] = result.right.channels as unknown as Record<string, unknown>[];
    expect(kept).not.to.have.property("webhookSecret");
    expect(added?.webhookSecret).to.match(/^whsec_/);
    expect(added?.webhookSecret).not.to.equal(secret);
  });

  it("rotating the webhook secret: the new one is shown once, the old keeps signing for 24 h", async () => {
    const result = await update().execute({ id, changes: { rotateWebhookSecret: true } }, token)();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    const rotated = String((result.right.channels[0] as Record<string, unknown>).webhookSecret);
    expect(rotated)
      .to.match(/^whsec_/)
      .and.not.equal(secret);
    const stored = await store.get(id as SubscriptionId)();
    const channel = E.isRight(stored) ? stored.right?.channels[0] : undefined;
    if (channel === undefined) throw new Error("no channel");
    expect(webhookSecretsOf(keys, id, channel, T0 + 2000)).to.deep.equal([rotated, secret]);
    expect(webhookSecretsOf(keys, id, channel, T0 + 1000 + DAY)).to.deep.equal([rotated]);
    // Both sign: a receiver still holding the old secret verifies during the grace period.
    const signature = webhookSecretsOf(keys, id, channel, T0 + 2000)
      .map((s) => new Webhook(s).sign("msg_1", new Date(), "{}"))
      .join(" ");
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
      "webhook-signature": signature,
    };
    expect(new Webhook(secret).verify("{}", headers)).to.deep.equal({});
    expect(new Webhook(rotated).verify("{}", headers)).to.deep.equal({});
    expect(() => new Webhook(keys.secretFor(id, channel.id, 9)).verify("{}", headers)).to.throw();
  });

  it("rotating the manage token: the new one works, the old one no longer does", async () => {
    const result = await update().execute({ id, changes: { rotateManageToken: true } }, token)();
    if (E.isLeft(result)) throw new Error(result.left.detail);
    const fresh = result.right.manageToken ?? "";
    expect(fresh).not.to.equal("").and.not.equal(token);
    const read = new ReadSubscription(store, outbox);
    expect(codeOf(await read.execute({ id, token })())).to.equal("unauthorized");
    expect(codeOf(await read.execute({ id, token: fresh })())).to.equal("ok");
  });

  it("pause, resume, then cancel: cancelling is final", async () => {
    expect(codeOf(await update().execute({ id, changes: { status: "paused" } }, token)())).to.equal("ok");
    expect(codeOf(await update().execute({ id, changes: { status: "active" } }, token)())).to.equal("ok");
    expect(codeOf(await update().execute({ id, changes: { status: "cancelled" } }, token)())).to.equal("ok");
    expect(codeOf(await update().execute({ id, changes: { status: "active" } }, token)())).to.equal(
      "subscription_cancelled",
    );
    const read = await new ReadSubscription(store, outbox).execute({ id, token })();
    expect(E.isRight(read) && read.right.subscription.status).to.equal("cancelled");
  });

  it("a store outage is storage_failed, never a made-up answer", async () => {
    const down = (): TE.TaskEither<ReturnType<typeof upstreamFailure>, never> =>
      TE.left(upstreamFailure("storage", "down"));
    const broken = { get: down } as unknown as SubscriptionStore;
    expect(codeOf(await new ReadSubscription(broken, outbox).execute({ id, token })())).to.equal("storage_failed");
  });
});
