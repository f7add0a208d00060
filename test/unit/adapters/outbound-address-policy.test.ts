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

  // Issue 28/6: IPv6 forms that carry an IPv4 address are judged by the IPv4 address they carry.
  describe("IPv6 that embeds IPv4", () => {
    const judged = (cases: Readonly<Record<string, boolean>>) => {
      for (const [ip, refused] of Object.entries(cases)) expect(isForbiddenAddress(ip), ip).to.equal(refused);
    };

    it("IPv4-compatible ::/96, in hex and dotted spellings", () => {
      judged({
        "::7f00:2": true,
        "[::7f00:2]": true,
        "::a9fe:a9fe": true, // 169.254.169.254, cloud metadata
        "0:0:0:0:0:0:a00:1": true,
        "::169.254.169.254": true,
        "::c0a8:101": true,
        "::808:808": false,
        "::8.8.8.8": false,
      });
    });

    it("IPv4-mapped ::ffff:0:0/96 in every spelling, and IPv4-translated ::ffff:0:0:0/96", () => {
      judged({
        "::ffff:7f00:1": true,
        "::FFFF:7F00:1": true,
        "0:0:0:0:0:ffff:7f00:1": true,
        "0::ffff:127.0.0.1": true,
        "::ffff:a9fe:a9fe": true,
        "::ffff:0:a9fe:a9fe": true,
        "::ffff:0:7f00:1": true,
        "::ffff:808:808": false,
        "::ffff:0:808:808": false,
      });
    });

    it("NAT64: the well-known 64:ff9b::/96 by its IPv4; the local-use 64:ff9b:1::/48 refused whole", () => {
      judged({
        "64:ff9b::7f00:1": true,
        "64:ff9b::169.254.169.254": true,
        "64:ff9b::a00:1": true,
        "64:ff9b::808:808": false,
        // Its prefix length is the operator's choice (/48 to /96), so where the IPv4 sits is unknown.
        "64:ff9b:1::808:808": true,
        "64:ff9b:1:7f00:1::": true,
        "64:ff9b:1:ffff:ffff:ffff:ffff:ffff": true,
      });
    });

    it("6to4 2002::/16: the IPv4 in bits 16-47", () => {
      judged({
        "2002:7f00:1::": true,
        "2002:a9fe:a9fe::1": true,
        "2002:c0a8:101:1::1": true,
        "2002:808:808::1": false,
      });
    });

    it("Teredo 2001::/32: the server IPv4 in bits 32-63 and the client IPv4 (inverted) in the last 32", () => {
      const teredo = (server: string, client: string) => `2001:0:${server}:0:0:${client}`;
      judged({
        [teredo("808:808", "80ff:fffe")]: true, // client ~0x80fffffe = 127.0.0.1
        [teredo("808:808", "5601:5601")]: true, // client 169.254.169.254
        [teredo("7f00:1", "f7f7:f7f7")]: true, // server 127.0.0.1, client 8.8.8.8
        [teredo("808:808", "fefe:fefe")]: false, // client 1.1.1.1
        "2001:db8::1": true, // documentation, not Teredo
        "2001:4860:4860::8888": false, // 2001::/16 outside 2001::/32 is not Teredo
      });
    });

    it("the allowlist of an IPv4 does not let its embedded forms through", () => {
      const allow = parseAllowlist(["10.0.0.0/8"]);
      expect(isAllowlisted(allow, "evil.example", "2002:a00:1::")).to.equal(false);
      expect(isAllowlisted(allow, "evil.example", "::ffff:a00:1")).to.equal(true);
    });
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
