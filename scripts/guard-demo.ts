// Protocol Guard, end to end on the embedded chain:
//   npm run guard:demo
// Starts the service (embedded chain, seeded world) with a local receiver allowlisted, registers
// a protocol watching the seeded wash token, makes a seeded wash trader transfer it from outside
// (plain ethers, hardhat_impersonateAccount), and prints the alert the receiver got, verified
// with the standardwebhooks package (v1) and node:crypto ed25519 (v1a).
import * as E from "fp-ts/Either";
import pino from "pino";
import { startApplication } from "../src/infrastructure/application";
import { loadConfig } from "../src/infrastructure/config/config";
import { transferAs } from "./guard/touch-watched-contract";
import { startWebhookReceiver, verifyV1, verifyV1a } from "./guard/webhook-receiver";

async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    PORT: process.env.PORT ?? "0",
    DEV_CHAIN_PORT: process.env.DEV_CHAIN_PORT ?? "0",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    OUTBOUND_ALLOWLIST: "127.0.0.1",
  });
  if (E.isLeft(config)) throw new Error(config.left.join("; "));
  const app = await startApplication(config.right, pino({ level: config.right.env.LOG_LEVEL }));
  const receiver = await startWebhookReceiver();
  try {
    const manifest = app.devWorld?.manifest;
    if (manifest === undefined) throw new Error("guard:demo needs the embedded chain (no RPC_URL)");
    const [trader, counterparty] = [manifest.washTraders[0]!, manifest.washTraders[1]!];
    console.log(`service ${app.url}, chain ${app.rpcUrl}, receiver ${receiver.url}`);
    const created = await fetch(`${app.url}/api/protocol-guard/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        protocolName: "Demo Lending",
        channels: [{ type: "webhook", url: receiver.url }],
        rules: [{ type: "min_score", value: 60, action: "review" }],
        contracts: [
          {
            address: manifest.washToken,
            events: ["Transfer(address indexed from, address indexed to, uint256 value)"],
            functions: ["transfer(address to, uint256 amount)"],
          },
        ],
      }),
    });
    const subscription = (await created.json()) as {
      id: string;
      manageToken: string;
      channels: { webhookSecret?: string }[];
    };
    const secret = subscription.channels[0]?.webhookSecret;
    console.log(`subscribed ${subscription.id} (HTTP ${created.status}); watching washToken ${manifest.washToken}`);
    const receipt = await transferAs(app.rpcUrl, trader, manifest.washToken, counterparty);
    console.log(`wash trader ${trader} sent tx ${receipt.hash} in block ${receipt.blockNumber}`);
    await receiver.waitFor(1);
    const delivery = receiver.received[0]!;
    const jwks = (await (await fetch(`${app.url}/.well-known/credence-webhooks.json`)).json()) as {
      keys: { x: string }[];
    };
    const payload = verifyV1(secret ?? "", delivery);
    console.log(`webhook-id ${delivery.headers["webhook-id"]}`);
    console.log(`v1 (standardwebhooks HMAC): verified`);
    console.log(
      `v1a (ed25519, ${JSON.stringify(jwks.keys[0])}): ${verifyV1a(jwks, delivery) ? "verified" : "NOT VERIFIED"}`,
    );
    console.log(JSON.stringify(payload, null, 2));
    const read = await fetch(`${app.url}/api/protocol-guard/subscriptions?id=${subscription.id}`, {
      headers: { authorization: `Bearer ${subscription.manageToken}` },
    });
    const detail = (await read.json()) as { alerts: { deliveries: unknown }[]; onchainEvents: unknown[] };
    console.log(`read back: ${detail.onchainEvents.length} on-chain event(s); deliveries of the newest alert:`);
    console.log(JSON.stringify(detail.alerts[0]?.deliveries));
  } finally {
    await receiver.close();
    await app.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
