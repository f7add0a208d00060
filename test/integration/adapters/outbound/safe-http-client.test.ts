import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseAllowlist } from "../../../../src/adapters/outbound/outbound-address-policy";
import { safePost, type SafeHttpOptions } from "../../../../src/adapters/outbound/safe-http-client";
import { HttpChannelSender } from "../../../../src/adapters/outbound/http-channel-sender.adapter";
import { testWebhookKeys } from "../../../support/fakes/guard-fakes";

/** A local server that records hits; its handler is set per test. */
async function localServer(
  handler: Parameters<typeof createServer>[1],
): Promise<{ port: number; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    handler!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const resolvesTo =
  (...ips: string[]) =>
  async () =>
    ips;

describe("outbound HTTP refuses SSRF destinations (resolved at send time, every time)", () => {
  const closed = { allowlist: parseAllowlist([]) };
  let server: Awaited<ReturnType<typeof localServer>>;
  before(async () => {
    server = await localServer((_req, res) => res.writeHead(200).end("ok"));
  });
  after(() => server.close());

  it("a URL that resolves to 127.0.0.1 or 10.x is refused unless allowlisted, before any connection", async () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "::1", "::ffff:127.0.0.1", "169.254.169.254", "0.0.0.0"]) {
      const options: SafeHttpOptions = { ...closed, resolve: resolvesTo(ip) };
      expect(await safePost(options, `https://hooks.example.org:${server.port}/x`, {}, "{}"), ip).to.deep.equal({
        kind: "refused",
        reason: "destination address is not public",
      });
    }
    // One private address among public ones is enough to refuse (no picking the safe one to check).
    const mixed = { ...closed, resolve: resolvesTo("93.184.216.34", "10.0.0.1") };
    expect((await safePost(mixed, "https://hooks.example.org/x", {}, "{}")).kind).to.equal("refused");
    expect((await safePost(closed, `https://127.0.0.1:${server.port}/x`, {}, "{}")).kind).to.equal("refused");
    expect((await safePost(closed, `http://[::1]:${server.port}/x`, {}, "{}")).kind).to.equal("refused");
    expect(server.hits()).to.equal(0);
  });

  it("IPv6 forms that embed a private IPv4 are refused, as URL literals and as resolved addresses (issue 28/6)", async () => {
    const embedded = [
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::a9fe:a9fe", // IPv4-compatible 169.254.169.254
      "0:0:0:0:0:ffff:7f00:1", // IPv4-mapped, long spelling
      "64:ff9b::7f00:1", // NAT64
      "64:ff9b:1::808:808", // local-use NAT64: the IPv4 cannot be read
      "2002:7f00:1::", // 6to4
      "2001:0:808:808:0:0:80ff:fffe", // Teredo, client 127.0.0.1
    ];
    const refusal = { kind: "refused", reason: "destination address is not public" };
    for (const ip of embedded) {
      const resolved = { ...closed, resolve: resolvesTo(ip) };
      expect(await safePost(resolved, `https://hooks.example.org:${server.port}/x`, {}, "{}"), ip).to.deep.equal(
        refusal,
      );
      expect(await safePost(closed, `https://[${ip}]:${server.port}/x`, {}, "{}"), `[${ip}]`).to.deep.equal(refusal);
    }
    expect(server.hits()).to.equal(0);
  });

  it("plain http is refused for a public address, and allowed for an allowlisted one", async () => {
    const pub = { ...closed, resolve: resolvesTo("93.184.216.34") };
    expect(await safePost(pub, "http://hooks.example.org/x", {}, "{}")).to.deep.equal({
      kind: "refused",
      reason: "https required",
    });
    const allowByIp = { allowlist: parseAllowlist(["127.0.0.1"]), resolve: resolvesTo("127.0.0.1") };
    expect(await safePost(allowByIp, `http://receiver.test:${server.port}/x`, {}, "{}")).to.deep.include({
      kind: "response",
      status: 200,
    });
    const allowByCidr = { allowlist: parseAllowlist(["127.0.0.0/8"]) };
    expect((await safePost(allowByCidr, `http://127.0.0.1:${server.port}/x`, {}, "{}")).kind).to.equal("response");
  });

  it("connects to the address that was checked, not to a second lookup's answer", async () => {
    let lookups = 0;
    const options = {
      allowlist: parseAllowlist(["127.0.0.1"]),
      resolve: async () => (++lookups === 1 ? ["127.0.0.1"] : ["10.0.0.1"]),
    };
    expect(await safePost(options, `http://rebinding.test:${server.port}/x`, {}, "{}")).to.deep.include({
      status: 200,
    });
    expect(lookups).to.equal(1);
  });

  it("redirects are not followed, responses are capped and slow receivers time out", async () => {
    const allow = { allowlist: parseAllowlist(["127.0.0.1"]) };
    const redirect = await localServer((_req, res) =>
      res.writeHead(302, { location: "http://169.254.169.254/" }).end(),
    );
    const huge = await localServer((_req, res) => res.writeHead(200).end("x".repeat(1_000_000)));
    const slow = await localServer(() => undefined);
    try {
      expect(await safePost(allow, `http://127.0.0.1:${redirect.port}/`, {}, "{}")).to.deep.include({ status: 302 });
      const capped = await safePost({ ...allow, maxResponseBytes: 1024 }, `http://127.0.0.1:${huge.port}/`, {}, "{}");
      expect(capped.kind === "response" && capped.body.length).to.be.at.most(1024);
      const started = Date.now();
      expect(await safePost({ ...allow, timeoutMs: 300 }, `http://127.0.0.1:${slow.port}/`, {}, "{}")).to.deep.equal({
        kind: "failed",
        reason: "timed out",
      });
      expect(Date.now() - started).to.be.below(2_000);
    } finally {
      await Promise.all([redirect.close(), huge.close(), slow.close()]);
    }
  });

  it("the channel sender turns a refused destination into a delivery that fails without retries", async () => {
    const sender = new HttpChannelSender({
      http: { allowlist: parseAllowlist([]) },
      keys: testWebhookKeys(),
      email: null,
    });
    const outcome = await sender.send({
      channel: { id: "ch_1", type: "webhook", url: `http://127.0.0.1:${server.port}/x`, status: "active" },
      webhookId: "msg_1",
      timestamp: 1,
      payload: JSON.stringify({ data: { alert: { decision: "review", reasons: [] }, event: null, protocolName: "P" } }),
      secrets: ["whsec_" + Buffer.alloc(24).toString("base64")],
    });
    expect(outcome).to.deep.include({ kind: "refused", detail: "destination address is not public" });
  });
});
