import { expect } from "chai";
import { randomBytes } from "node:crypto";
import { Wallet } from "ethers";
import { startDevWorld, type DevWorld } from "../../../src/dev-world/dev-world";
import { devWorldSettings } from "../../../src/dev-world/dev-world-settings";
import { transferAs } from "../../../scripts/guard/touch-watched-contract";
import { startWebhookReceiver, type WebhookReceiver } from "../../../scripts/guard/webhook-receiver";
import { migratedSchema, type MigratedSchema } from "../../support/migrated-schema";
import { spawnService, type ServiceProcess } from "../../support/service-process";

async function stopService(service: ServiceProcess): Promise<void> {
  expect(await service.stop("SIGTERM")).to.equal(0);
}

const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/**
 * Issue 14: a restart with PostgreSQL loses no subscription, event, alert or queued delivery, and
 * redelivers nothing already delivered. The service runs as its own process (RPC mode, so the
 * chain outlives it), is stopped with SIGTERM while a delivery is waiting for a retry, a block is
 * mined while it is down, and it is started again on the same database.
 */
describe("Protocol Guard across a restart (PostgreSQL)", function () {
  this.timeout(240_000);
  let world: DevWorld;
  let receiver: WebhookReceiver;
  let env: Record<string, string>;
  let db: MigratedSchema;

  before(async () => {
    // A schema of our own: the service migrates it again at start-up (nothing pending) and uses only it.
    db = await migratedSchema("guard_restart", 2);
    world = await startDevWorld({ host: "127.0.0.1", port: 0, chainId: 5042002 });
    receiver = await startWebhookReceiver();
    const implied = devWorldSettings(world);
    env = {
      PORT: "0",
      LOG_LEVEL: "warn",
      RPC_URL: world.chain.rpcUrl,
      DATABASE_URL: db.url,
      PAYMENT_PAY_TO: Wallet.createRandom().address,
      PAYMENT_SETTLEMENT_PRIVATE_KEY: Wallet.createRandom().privateKey,
      ATTESTATION_PRIVATE_KEY: Wallet.createRandom().privateKey,
      GUARD_SECRET_KEY: randomBytes(32).toString("hex"),
      WEBHOOK_SIGNING_KEY: randomBytes(32).toString("hex"),
      OUTBOUND_ALLOWLIST: "127.0.0.1",
      DELIVERY_RETRY_BASE_MS: "300",
      DEX_FACTORY: implied.dexFactories.join(","),
      DEX_ROUTER: implied.dexRouters.join(","),
      DEX_QUOTE_TOKENS: implied.quoteTokens.join(","),
      STAKING_CONTRACTS: implied.stakingContracts.join(","),
      OFFICIAL_ISSUERS: implied.officialIssuers.join(","),
    };
  });
  after(async () => {
    await receiver?.close();
    await world?.chain.close();
    await db?.drop();
  });

  it("nothing lost, nothing redelivered", async () => {
    const { manifest } = world;
    const [trader, counterparty] = [manifest.washTraders[0]!, manifest.washTraders[1]!];
    const touch = () => transferAs(world.chain.rpcUrl, trader, manifest.washToken, counterparty);
    const ids = () => receiver.received.map((r) => r.headers["webhook-id"]);

    let service = await spawnService(env, "guard service");
    const created = (await (
      await fetch(`${service.url}/api/protocol-guard/subscribe`, {
        method: "POST",
        body: JSON.stringify({
          protocolName: "Restart Lending",
          channels: [{ type: "webhook", url: receiver.url }],
          rules: [{ type: "min_score", value: 60 }],
          contracts: [{ address: manifest.washToken, functions: ["transfer(address,uint256)"] }],
        }),
      })
    ).json()) as { id: string; manageToken: string };
    const read = async () => {
      const res = await fetch(
        `${service.url}/api/protocol-guard/subscriptions?id=${created.id}&token=${created.manageToken}`,
      );
      expect(res.status).to.equal(200);
      return (await res.json()) as {
        subscription: Record<string, unknown>;
        alerts: { id: string; deliveries: { status: string; attempts: number }[] }[];
        onchainEvents: { txHash: string }[];
      };
    };

    // 1. Delivered before the restart.
    const first = await touch();
    await receiver.waitFor(1, 60_000);
    await until("first delivery recorded", async () => (await read()).alerts[0]?.deliveries[0]?.status === "delivered");
    // 2. Failing when the process stops: queued for a retry.
    receiver.script(Array.from({ length: 50 }, () => 500));
    const second = await touch();
    await receiver.waitFor(2, 60_000);
    const before = await read();
    await stopService(service);
    // 3. Mined while the service is down.
    receiver.script([]);
    const third = await touch();
    const seenWhileDown = receiver.received.length;

    service = await spawnService(env, "guard service");
    const after = async () => {
      const state = await read();
      return state.alerts.length === 3 && state.alerts.every((a) => a.deliveries[0]?.status === "delivered");
    };
    await until("all three alerts delivered after the restart", after, 90_000);
    const state = await read();
    expect(state.subscription).to.deep.equal({ ...before.subscription });
    expect(state.onchainEvents.map((e) => e.txHash)).to.have.members([first.hash, second.hash, third.hash]);
    const [firstId] = ids();
    expect(
      ids().filter((id) => id === firstId),
      "delivered before the restart, never again",
    ).to.have.length(1);
    const secondId = ids()[1];
    const secondAnswers = receiver.received.filter((r) => r.headers["webhook-id"] === secondId).map((r) => r.status);
    expect(secondAnswers.at(-1), "the queued delivery went out after the restart").to.equal(200);
    expect(secondAnswers.filter((s) => s === 200)).to.have.length(1);
    const thirdIds = new Set(
      ids()
        .slice(seenWhileDown)
        .filter((id) => id !== secondId),
    );
    expect(thirdIds.size, "the block mined while down was watched, once").to.equal(1);
    expect(new Set(ids()).size).to.equal(3);
    await fetch(`${service.url}/api/protocol-guard/subscriptions`, {
      method: "PATCH",
      body: JSON.stringify({ id: created.id, token: created.manageToken, status: "cancelled" }),
    });
    await stopService(service);
  });
});
