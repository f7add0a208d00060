import { expect } from "chai";
import type { DevWorldManifest } from "../../../src/dev-world/dev-world";
import { transferAs } from "../../../scripts/guard/touch-watched-contract";
import {
  startWebhookReceiver,
  verifyV1,
  verifyV1a,
  type WebhookReceiver,
} from "../../../scripts/guard/webhook-receiver";
import type { RunningApplication } from "../../../src/infrastructure/application";
import { startGuardApp } from "./support/guard-app";

const TRANSFER_EVENT = "Transfer(address indexed from, address indexed to, uint256 value)";
const TRANSFER_FUNCTION = "transfer(address to, uint256 amount)";

interface Created {
  id: string;
  manageToken: string;
  channels: { id: string; webhookSecret?: string }[];
}

/**
 * Issue 14's end-to-end: the service on the embedded chain, a seeded wash trader calling a watched
 * contract from outside with plain ethers, alerts delivered to local receivers and verified with
 * the standardwebhooks package (v1) and node:crypto (v1a); retries keep the webhook-id; 410 disables.
 */
describe("Protocol Guard watches the embedded chain and delivers signed alerts", function () {
  this.timeout(180_000);
  let app: RunningApplication;
  let manifest: DevWorldManifest;
  const receivers: Record<"ok" | "flaky" | "gone", WebhookReceiver> = {} as never;
  const subs: Record<"ok" | "flaky" | "gone", Created> = {} as never;
  let txHash = "";

  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(app.url + path, {
      method,
      headers: {
        "content-type": "application/json",
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const subscribe = async (url: string, contract: Record<string, unknown>): Promise<Created> => {
    const created = await api("POST", "/api/protocol-guard/subscribe", {
      protocolName: "Lend",
      channels: [{ type: "webhook", url }],
      rules: [{ type: "min_score", value: 60, action: "review" }],
      contracts: [contract],
    });
    expect(created.status).to.equal(201);
    return created.body as unknown as Created;
  };

  before(async () => {
    app = await startGuardApp({ SUBSCRIBE_RATE_LIMIT_PER_MINUTE: "1000", SUBSCRIBE_LIMIT_PER_DAY: "1000" });
    manifest = app.devWorld!.manifest;
    receivers.ok = await startWebhookReceiver();
    receivers.flaky = await startWebhookReceiver();
    receivers.gone = await startWebhookReceiver();
    receivers.flaky.script([500, 500, 500]);
    receivers.gone.script([410]);
    const token = manifest.washToken;
    subs.ok = await subscribe(receivers.ok.url, {
      address: token,
      events: [TRANSFER_EVENT],
      functions: [TRANSFER_FUNCTION],
    });
    // Calls only: one alert per transaction, so the receiver's scripted answers apply to that one.
    subs.flaky = await subscribe(receivers.flaky.url, { address: token, functions: [TRANSFER_FUNCTION] });
    subs.gone = await subscribe(receivers.gone.url, { address: token, functions: [TRANSFER_FUNCTION] });
    const receipt = await transferAs(app.rpcUrl, manifest.washTraders[0]!, token, manifest.washTraders[1]!);
    txHash = receipt.hash;
  });
  after(async () => {
    for (const r of Object.values(receivers)) await r?.close();
    await app?.stop();
  });

  it("a seeded wash trader's call arrives at the receiver, signed v1 (standardwebhooks) and v1a (ed25519)", async () => {
    await receivers.ok.waitFor(1, 60_000);
    const jwks = (await (await fetch(`${app.url}/.well-known/credence-webhooks.json`)).json()) as {
      keys: { x: string }[];
    };
    const secret = subs.ok.channels[0]?.webhookSecret ?? "";
    const payloads = receivers.ok.received.map((delivery) => {
      expect(verifyV1a(jwks, delivery)).to.equal(true);
      return verifyV1(secret, delivery) as { data: { alert: Record<string, unknown>; event: Record<string, unknown> } };
    });
    const trader = manifest.washTraders[0]!;
    const alert = payloads.find((p) => p.data.alert.wallet === trader)!.data.alert;
    expect(alert).to.deep.include({ decision: "review", source: "onchain", txHash, contract: manifest.washToken });
    expect(() => verifyV1("whsec_" + Buffer.alloc(24).toString("base64"), receivers.ok.received[0]!)).to.throw();
  });

  it("the read shows the on-chain events (call and decoded log, both parties) and the alert's delivery", async () => {
    await app.guardIdle();
    const read = await api("GET", `/api/protocol-guard/subscriptions?id=${subs.ok.id}`, undefined, subs.ok.manageToken);
    expect(read.status).to.equal(200);
    const events = read.body.onchainEvents as Record<string, unknown>[];
    const [trader, counterparty] = [manifest.washTraders[0]!, manifest.washTraders[1]!];
    expect(events.every((e) => e.txHash === txHash && e.contract === manifest.washToken)).to.equal(true);
    expect(events.find((e) => e.function === "transfer(address,uint256)")).to.deep.include({ wallet: trader });
    const logs = events.filter((e) => e.event === "Transfer(address,address,uint256)").map((e) => e.wallet);
    expect(logs).to.have.members([trader, counterparty]);
    for (const e of events) expect(e).to.include.keys("id", "blockNumber", "at", "score", "tier", "flags");
    const alerts = read.body.alerts as { wallet: string; deliveries: Record<string, unknown>[] }[];
    const delivered = alerts.find((a) => a.wallet === trader)?.deliveries[0];
    expect(delivered).to.deep.include({
      channel: subs.ok.channels[0]?.id,
      status: "delivered",
      attempts: 1,
      lastResponseStatus: 200,
    });
  });

  it("a receiver answering 500 three times then 200 gets it once more, with the same webhook-id", async () => {
    await receivers.flaky.waitFor(4, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const got = receivers.flaky.received;
    expect(got.map((r) => r.status)).to.deep.equal([500, 500, 500, 200]);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).to.equal(1);
    const log = await api(
      "GET",
      `/api/protocol-guard/subscriptions/${subs.flaky.id}/deliveries`,
      undefined,
      subs.flaky.manageToken,
    );
    const attempts = (log.body.attempts as Record<string, unknown>[]).map((a) => [
      a.attempt,
      a.outcome,
      a.responseStatus,
    ]);
    expect(attempts).to.deep.equal([
      [4, "delivered", 200],
      [3, "retry", 500],
      [2, "retry", 500],
      [1, "retry", 500],
    ]);
  });

  it("410 Gone disables the channel: its delivery says so and nothing more is sent to it", async () => {
    await receivers.gone.waitFor(1, 60_000);
    const read = await api(
      "GET",
      `/api/protocol-guard/subscriptions?id=${subs.gone.id}`,
      undefined,
      subs.gone.manageToken,
    );
    const subscription = read.body.subscription as { channels: Record<string, unknown>[] };
    expect(subscription.channels[0]).to.deep.include({ status: "disabled" });
    const alerts = read.body.alerts as { deliveries: Record<string, unknown>[] }[];
    expect(alerts[0]?.deliveries[0]).to.deep.include({ status: "disabled", attempts: 1, lastResponseStatus: 410 });
    const flakyBefore = receivers.flaky.received.length;
    await transferAs(app.rpcUrl, manifest.washTraders[0]!, manifest.washToken, manifest.washTraders[1]!);
    await receivers.flaky.waitFor(flakyBefore + 1, 60_000);
    await app.guardIdle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receivers.gone.received).to.have.length(1);
  });

  it("a replay redelivers one alert with its original webhook-id", async () => {
    const read = await api("GET", `/api/protocol-guard/subscriptions?id=${subs.ok.id}`, undefined, subs.ok.manageToken);
    const alert = (read.body.alerts as { id: string }[]).at(-1)!;
    const before = receivers.ok.received.length;
    const original = receivers.ok.received.find((r) => r.body.includes(alert.id))!;
    const replay = await api(
      "POST",
      `/api/protocol-guard/subscriptions/${subs.ok.id}/alerts/${alert.id}/replay`,
      {},
      subs.ok.manageToken,
    );
    expect([replay.status, replay.body]).to.deep.equal([202, { alertId: alert.id, requeued: 1 }]);
    await receivers.ok.waitFor(before + 1, 30_000);
    const replayed = receivers.ok.received.slice(before).find((r) => r.body.includes(alert.id));
    expect(replayed?.headers["webhook-id"]).to.equal(original.headers["webhook-id"]);
  });
});
