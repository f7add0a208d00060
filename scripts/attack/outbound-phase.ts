import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { transferAs } from "../guard/touch-watched-contract";
import type { AttackWorld } from "./attack-world";

export interface OutboundResult {
  readonly name: string;
  /** Webhook channels aimed at the target. */
  readonly sent: number;
  /** Their deliveries refused as "destination address is not public". */
  readonly refused: number;
  readonly failure: string | null;
}

interface Attempt {
  readonly channelId: string;
  readonly outcome: string;
  readonly error?: string;
}

const NOT_PUBLIC = "destination address is not public";

/**
 * IPv6 spellings of loopback and cloud metadata that embed an IPv4 address (issue 28/6); `PORT` is
 * a listener on 127.0.0.1, so a delivery that got through where the stack routes it would be seen.
 */
const EMBEDDED_TARGETS: readonly [string, string][] = [
  ["IPv4-compatible 127.0.0.1", "https://[::7f00:1]:PORT/hook"],
  ["IPv4-compatible 169.254.169.254", "https://[::a9fe:a9fe]/latest/meta-data"],
  ["IPv4-mapped, long spelling", "https://[0:0:0:0:0:ffff:7f00:1]:PORT/hook"],
  ["IPv4-translated 127.0.0.1", "https://[::ffff:0:7f00:1]:PORT/hook"],
  ["NAT64 127.0.0.1", "https://[64:ff9b::7f00:1]:PORT/hook"],
  ["local-use NAT64 (unreadable)", "https://[64:ff9b:1::a9fe:a9fe]/latest/meta-data"],
  ["6to4 127.0.0.1", "https://[2002:7f00:1::1]:PORT/hook"],
  ["Teredo client 127.0.0.1", "https://[2001:0:808:808:0:0:80ff:fffe]:PORT/hook"],
  ["Teredo server 169.254.169.254", "https://[2001:0:a9fe:a9fe:0:0:f7f7:f7f7]:PORT/hook"],
];

/**
 * Protocol Guard webhook channels aimed at IPv6 forms of internal addresses: an alert is raised (a
 * seeded wash trader moves the watched token), and every delivery must be refused as not public
 * while nothing connects to the local listener.
 */
export async function runOutboundPhase(w: AttackWorld): Promise<readonly OutboundResult[]> {
  const listener = await tcpListener();
  try {
    const urls = EMBEDDED_TARGETS.map(([, url]) => url.replace("PORT", String(listener.port)));
    const subscription = await subscribe(w, urls);
    const [trader, counterparty] = w.manifest.washTraders;
    await transferAs(w.app.rpcUrl, trader ?? "", w.manifest.washToken, counterparty ?? "");
    const attempts = await firstAttempts(w, subscription, urls.length);
    return EMBEDDED_TARGETS.map(([name], i) => {
      const channelId = subscription.channelIds[i] ?? "";
      const attempt = attempts.find((a) => a.channelId === channelId);
      const refused = attempt?.error === NOT_PUBLIC;
      const seen = listener.connections() === 0 ? "" : `; ${listener.connections()} connection(s) reached 127.0.0.1`;
      const failure =
        refused && seen === ""
          ? null
          : `delivery ${attempt === undefined ? "never attempted" : `${attempt.outcome} (${attempt.error ?? "no error"})`}${seen}`;
      return { name: `webhook to ${name} (${urls[i]})`, sent: 1, refused: refused ? 1 : 0, failure };
    });
  } catch (error) {
    return [{ name: "webhooks to IPv6-embedded IPv4", sent: 0, refused: 0, failure: `did not run: ${String(error)}` }];
  } finally {
    await listener.close();
  }
}

async function subscribe(w: AttackWorld, urls: readonly string[]) {
  const created = await fetch(`${w.url}/api/protocol-guard/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.253.0.1" },
    body: JSON.stringify({
      protocolName: "Attack SSRF",
      channels: urls.map((url) => ({ type: "webhook", url })),
      rules: [{ type: "min_score", value: 60, action: "review" }],
      contracts: [
        {
          address: w.manifest.washToken,
          events: ["Transfer(address indexed from, address indexed to, uint256 value)"],
          functions: ["transfer(address to, uint256 amount)"],
        },
      ],
    }),
  });
  if (created.status !== 201) throw new Error(`subscribe answered ${created.status}: ${await created.text()}`);
  const body = (await created.json()) as { id: string; manageToken: string; channels: { id: string }[] };
  return { id: body.id, token: body.manageToken, channelIds: body.channels.map((c) => c.id) };
}

/** Polls the delivery log (bounded) until every channel has been attempted once. */
async function firstAttempts(
  w: AttackWorld,
  subscription: { id: string; token: string },
  channels: number,
): Promise<readonly Attempt[]> {
  let attempts: Attempt[] = [];
  for (let i = 0; i < 120; i++) {
    const read = await fetch(`${w.url}/api/protocol-guard/subscriptions/${subscription.id}/deliveries`, {
      headers: { authorization: `Bearer ${subscription.token}`, "x-forwarded-for": "10.253.0.2" },
    });
    attempts = ((await read.json()) as { attempts?: Attempt[] }).attempts ?? [];
    if (new Set(attempts.map((a) => a.channelId)).size >= channels) return attempts;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return attempts;
}

async function tcpListener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
