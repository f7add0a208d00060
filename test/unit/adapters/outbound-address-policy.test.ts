import { expect } from "chai";
import {
  isAllowlisted,
  isForbiddenAddress,
  parseAllowlist,
} from "../../../src/adapters/outbound/outbound-address-policy";

describe("outbound address policy (SSRF)", () => {
  it("refuses loopback, private, link-local, multicast and unspecified, IPv4 and IPv6, mapped or not", () => {
    const forbidden = [
      "127.0.0.1",
      "127.9.9.9",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "[::1]",
      "not an ip",
    ];
    for (const ip of forbidden) expect(isForbiddenAddress(ip), ip).to.equal(true);
    for (const ip of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isForbiddenAddress(ip), ip).to.equal(false);
  });

  it("the allowlist matches host names, IPs and CIDRs, against the resolved address too", () => {
    const allow = parseAllowlist(["127.0.0.1", "10.0.0.0/8", "hooks.internal", "fd00::/8"]);
    expect(isAllowlisted(allow, "localhost", "127.0.0.1")).to.equal(true);
    expect(isAllowlisted(allow, "localhost", "::ffff:127.0.0.1")).to.equal(true);
    expect(isAllowlisted(allow, "evil.example", "10.9.9.9")).to.equal(true);
    expect(isAllowlisted(allow, "hooks.internal", "192.168.0.1")).to.equal(true);
    expect(isAllowlisted(allow, "evil.example", "127.0.0.2")).to.equal(false);
    expect(isAllowlisted(allow, "evil.example", "fd00::5")).to.equal(true);
    expect(isAllowlisted(parseAllowlist([]), "localhost", "127.0.0.1")).to.equal(false);
  });
});
