import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import type { DevWorldManifest } from "../../../src/dev-world/dev-world";
import { transferAs } from "../../../scripts/guard/touch-watched-contract";
import { startWebhookReceiver, verifyV1, type WebhookReceiver } from "../../../scripts/guard/webhook-receiver";
import type { RunningApplication } from "../../../src/infrastructure/application";
import { startGuardApp } from "./support/guard-app";

const FIXTURES = join(__dirname, "../../fixtures/oz-monitor");
const read = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, path), "utf8")) as Record<string, unknown>;
const RULE_REASON = "Transfer(address,address,uint256) matched value > 10000000000";

interface Delivered {
  data: { alert: { wallet: string; txHash: string; reasons: unknown; contract: string } };
}

/**
 * Issue 34 item 4's done-when: OpenZeppelin Monitor's own USDC example (test/fixtures/oz-monitor, copied
 * unchanged) imported through POST /api/protocol-guard/import fires on the embedded chain. Rewritten here,
 * in memory: the monitor's address to the seeded wash token (the embedded chain has no USDC at that
 * address), its triggers to the example's webhook trigger (its own slack and email triggers are in files
 * not copied), the network's chain_id to the embedded chain's, and the webhook URL to a local receiver.
 * Its expression `value > 10000000000` is kept: a transfer of 1,000 base units must not match it.
 */
describe("An OpenZeppelin Monitor example imports and fires on the embedded chain", function () {
  this.timeout(180_000);
  let app: RunningApplication;
  let manifest: DevWorldManifest;
  let receiver: WebhookReceiver;
  let answer: { status: number; body: Record<string, unknown> };

  before(async () => {
    app = await startGuardApp();
    manifest = app.devWorld!.manifest;
    receiver = await startWebhookReceiver();
    const chainId = await rpcChainId(app.rpcUrl);
    const monitor = read("monitors/evm_transfer_usdc.json");
    const network = read("networks/ethereum_mainnet.json");
    const triggers = read("triggers/webhook_notifications.json") as Record<string, { config: Record<string, unknown> }>;
    const [address] = monitor.addresses as Record<string, unknown>[];
    monitor.addresses = [{ ...address, address: manifest.washToken }];
    monitor.triggers = ["evm_large_transfer_usdc_webhook"];
    network.chain_id = chainId;
    triggers.evm_large_transfer_usdc_webhook!.config.url = { type: "plain", value: receiver.url };
    const res = await fetch(`${app.url}/api/protocol-guard/import`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ monitors: [monitor], networks: [network], triggers: [triggers] }),
    });
    answer = { status: res.status, body: (await res.json()) as Record<string, unknown> };
  });
  after(async () => {
    await receiver?.close();
    await app?.stop();
  });

  it("answers 201 with the subscription (token and webhook secret) and what did not map", () => {
    expect(answer.status).to.equal(201);
    const created = answer.body.created as { protocolName: string; contracts: unknown[]; rules: unknown[] }[];
    expect(created).to.have.length(1);
    expect(created[0]).to.deep.include({ protocolName: "Large Transfer of USDC Token" });
    expect(created[0]!.rules).to.deep.equal([
      {
        type: "event_match",
        event: "Transfer(address,address,uint256)",
        condition: "value > 10000000000",
        action: "review",
      },
    ]);
    const fields = (answer.body.notMapped as { field: string }[]).map((n) => n.field);
    expect(fields).to.include.members(["trigger_conditions", "evm_large_transfer_usdc_webhook.config.secret"]);
  });

  it("a small transfer does not match the expression; a large one is delivered, signed with the shown secret", async () => {
    const created = (answer.body.created as { channels: { webhookSecret?: string }[] }[])[0]!;
    const [trader, counterparty] = [manifest.washTraders[0]!, manifest.washTraders[1]!];
    const small = await transferAs(app.rpcUrl, trader, manifest.washToken, counterparty, 1_000n);
    const large = await transferAs(app.rpcUrl, trader, manifest.washToken, counterparty);
    await receiver.waitFor(1, 60_000);
    await app.guardIdle();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const secret = created.channels[0]?.webhookSecret ?? "";
    const alerts = receiver.received.map((d) => (verifyV1(secret, d) as Delivered).data.alert);
    const matched = alerts.filter((a) => JSON.stringify(a.reasons).includes(RULE_REASON));
    expect(matched.map((a) => a.txHash))
      .to.include(large.hash)
      .and.not.include(small.hash);
    expect(matched.map((a) => a.wallet)).to.include(trader);
    expect(matched.every((a) => a.contract === manifest.washToken)).to.equal(true);
  });
});

async function rpcChainId(rpcUrl: string): Promise<number> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });
  return Number(((await res.json()) as { result: string }).result);
}
