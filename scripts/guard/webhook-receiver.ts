import { createPublicKey, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedWebhook {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly status: number;
  /** performance.now() when the whole request had arrived (the bench measures block-to-alert latency with it). */
  readonly receivedAt: number;
}

/** A local webhook receiver: answers each request with the next scripted status (then 200). */
export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedWebhook[];
  /** Statuses to answer, in order; once used up, 200. */
  script(statuses: readonly number[]): void;
  /** Resolves when at least `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hook"): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let statuses: number[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const receivedAt = performance.now();
      const status = statuses.shift() ?? 200;
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body: Buffer.concat(chunks).toString("utf8"), status, receivedAt });
      res.writeHead(status, { "content-type": "application/json" }).end("{}");
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    script: (s) => (statuses = [...s]),
    waitFor: (count, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        if (received.length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} webhook(s), got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks `v1,` (HMAC, via the standardwebhooks package): throws when no signature matches. */
export function verifyV1(secret: string, delivery: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(delivery.body, delivery.headers);
}

/** Our `v1a,` ed25519 signature against the published JWK set: true when one verifies. */
export function verifyV1a(jwks: { keys: { x: string }[] }, delivery: ReceivedWebhook): boolean {
  const signed = Buffer.from(
    `${delivery.headers["webhook-id"]}.${delivery.headers["webhook-timestamp"]}.${delivery.body}`,
  );
  const signatures = (delivery.headers["webhook-signature"] ?? "")
    .split(" ")
    .filter((s) => s.startsWith("v1a,"))
    .map((s) => Buffer.from(s.slice(4), "base64"));
  return jwks.keys.some((jwk) => {
    const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
    return signatures.some((signature) => verify(null, signed, key, signature));
  });
}
