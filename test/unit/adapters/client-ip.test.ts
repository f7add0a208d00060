import { expect } from "chai";
import type { Context } from "koa";
import { clientIp, clientKey } from "../../../src/adapters/http/middleware/client-ip";

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

  it("stops at the first entry that is not a bare IP: an ip:port entry cannot smuggle the client's own claim in (issue 13 item 6)", () => {
    const trusted = new Set(["10.0.0.1"]);
    // A proxy that appends ip:port; the attacker's own header put 6.6.6.6 on the left.
    expect(clientIp(ctxFrom("10.0.0.1", "6.6.6.6, 198.51.100.7:5123"), trusted)).to.equal("10.0.0.1");
    expect(clientIp(ctxFrom("10.0.0.1", "6.6.6.6, unknown, 10.0.0.1"), trusted)).to.equal("10.0.0.1");
    expect(clientIp(ctxFrom("10.0.0.1", "6.6.6.6, 198.51.100.7"), trusted)).to.equal("198.51.100.7");
  });
});

describe("clientKey", () => {
  it("counts an IPv6 client by its /64, however it writes the address", () => {
    const key = clientKey("2001:db8:1:2::1");
    expect(key).to.equal("2001:db8:1:2::/64");
    for (const ip of ["2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2:0:0:1.2.3.4"]) {
      expect(clientKey(ip), ip).to.equal(key);
    }
    expect(clientKey("2001:db8:1:3::1")).to.not.equal(key);
    expect(clientKey("::1")).to.equal("0:0:0:0::/64");
  });

  it("keeps IPv4 addresses as they are", () => {
    expect(clientKey("198.51.100.7")).to.equal("198.51.100.7");
  });
});
