import { expect } from "chai";
import type { Context } from "koa";
import { clientIp } from "../../../src/adapters/http/middleware/client-ip";

function ctxFrom(socketIp: string, forwardedFor?: string): Context {
  return {
    req: { socket: { remoteAddress: socketIp } },
    get: (name: string) => (name === "X-Forwarded-For" ? (forwardedFor ?? "") : ""),
  } as unknown as Context;
}

describe("clientIp", () => {
  it("uses the socket address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientIp(ctxFrom("::ffff:198.51.100.7", "1.2.3.4"), new Set())).to.equal("198.51.100.7");
  });

  it("behind a trusted proxy, takes the right-most untrusted X-Forwarded-For hop", () => {
    const trusted = new Set(["10.0.0.1", "10.0.0.2"]);
    expect(clientIp(ctxFrom("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2"), trusted)).to.equal("198.51.100.7");
  });

  it("ignores junk entries and falls back to the socket address", () => {
    expect(clientIp(ctxFrom("10.0.0.1", "nonsense"), new Set(["10.0.0.1"]))).to.equal("10.0.0.1");
  });
});
