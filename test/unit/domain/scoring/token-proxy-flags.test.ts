import { expect } from "chai";
import type { Hex, TxHash } from "../../../../src/domain/chain/chain-types";
import type { ProxyFacts } from "../../../../src/domain/scoring/profiles/capabilities";
import { scoreToken } from "../../../../src/domain/scoring/token/score-token";
import { implementationChangedFlag, upgradeableProxyFlag } from "../../../../src/domain/scoring/token/proxy-flags";
import { addr } from "./support/builders";
import { NOW, cleanCapabilities, healthyPool, healthyScript, tokenProfile } from "./support/token-fixtures";

const V1 = addr(0x1001);
const V2 = addr(0x1002);
const ADMIN = addr(0xad01);
const OWNER = addr(0x0e0e);
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as TxHash;

function proxyFacts(overrides: Partial<ProxyFacts> = {}): ProxyFacts {
  return {
    standard: "eip1967",
    slot: "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc" as Hex,
    implementation: V2,
    admin: ADMIN,
    adminKind: "contract",
    adminOwner: OWNER,
    adminOwnerKind: "eoa",
    implementationCode: "0x00" as Hex,
    upgrades: [
      { blockNumber: 10, timestamp: 1_700_000_000, txHash: tx(1), implementation: V1 },
      { blockNumber: 90, timestamp: 1_700_864_000, txHash: tx(2), implementation: V2 },
    ],
    ...overrides,
  };
}

describe("token flags: proxies from their slots", () => {
  it("UPGRADEABLE_PROXY names the implementation and classifies the admin and its owner", () => {
    const flag = upgradeableProxyFlag(proxyFacts());
    expect(flag.evidence.figures).to.include({
      standard: "eip1967",
      implementation: V2,
      admin: ADMIN,
      adminKind: "contract",
      adminOwner: OWNER,
      adminOwnerKind: "eoa",
    });
    expect(flag.evidence.detail).to.include(`admin ${ADMIN} (contract), owned by ${OWNER} (eoa)`);
  });

  it("a UUPS proxy has no admin: the flag says the implementation authorises upgrades", () => {
    const flag = upgradeableProxyFlag(
      proxyFacts({ admin: null, adminKind: null, adminOwner: null, adminOwnerKind: null }),
    );
    expect(flag.evidence.figures?.admin).to.equal("none: UUPS");
    expect(flag.evidence.detail).to.include("UUPS");
  });

  it("IMPLEMENTATION_CHANGED states when (block and chain time) and from which implementation to which", () => {
    const flag = implementationChangedFlag(proxyFacts());
    expect(flag?.evidence.figures).to.include({
      changes: 1,
      from: V1,
      to: V2,
      block: 90,
      at: "2023-11-24T22:13:20.000Z",
      timestamp: 1_700_864_000,
    });
    expect(flag?.evidence.txHashes).to.deep.equal([tx(2)]);
  });

  it("a proxy that was never upgraded (one Upgraded event: its initial implementation) raises no change", () => {
    expect(implementationChangedFlag(proxyFacts({ upgrades: proxyFacts().upgrades.slice(0, 1) }))).to.equal(null);
    expect(implementationChangedFlag(null)).to.equal(null);
  });

  it("an upgrade whose block could not be read says its time is unknown, not a default", () => {
    const [first, second] = proxyFacts().upgrades;
    const flag = implementationChangedFlag(proxyFacts({ upgrades: [first!, { ...second!, timestamp: null }] }));
    expect(flag?.evidence.figures?.at).to.equal("unknown: block not read");
    expect(flag?.evidence.figures).to.not.have.property("timestamp");
  });

  it("scoring replaces the bytecode-only UPGRADEABLE_PROXY with the one read from the slots", () => {
    const s = healthyScript();
    const profile = tokenProfile(s.market([healthyPool(s)], OWNER), {
      capabilities: cleanCapabilities({ owner: OWNER, proxy: proxyFacts() }),
    });
    const raised = scoreToken(profile, NOW).flags.filter((f) => f.code === "UPGRADEABLE_PROXY");
    expect(raised).to.have.length(1);
    expect(raised[0]?.evidence.figures?.adminKind).to.equal("contract");
    const changed = scoreToken(profile, NOW).flags.find((f) => f.code === "IMPLEMENTATION_CHANGED");
    expect(changed?.evidence.figures?.to).to.equal(V2);
  });
});
