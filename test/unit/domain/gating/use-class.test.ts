import { expect } from "chai";
import { MIN_TTL_SECONDS, TTL_POLICY, USE_CLASSES, resolveTtl } from "../../../../src/domain/gating/use-class";

describe("attestation TTL policy", () => {
  it("gives each use class its default when no ttl is requested", () => {
    expect(resolveTtl("financial_high", undefined)).to.deep.equal({ ttlSeconds: 900 });
    expect(resolveTtl("governance", undefined)).to.deep.equal({ ttlSeconds: 3600 });
    expect(resolveTtl("display", undefined)).to.deep.equal({ ttlSeconds: 86400 });
  });

  it("is stricter for financial_high than for display and allowlist", () => {
    expect(TTL_POLICY.financial_high.maxSeconds).to.be.below(TTL_POLICY.governance.maxSeconds);
    expect(TTL_POLICY.governance.maxSeconds).to.be.below(TTL_POLICY.display.maxSeconds);
    expect(TTL_POLICY.allowlist.maxSeconds).to.equal(TTL_POLICY.display.maxSeconds);
  });

  it("keeps a ttl inside the bounds as requested, without a note", () => {
    expect(resolveTtl("financial_high", 1200)).to.deep.equal({ ttlSeconds: 1200 });
  });

  it("clamps a ttl over the class maximum and says so", () => {
    const resolved = resolveTtl("financial_high", 86400);
    expect(resolved.ttlSeconds).to.equal(3600);
    expect(resolved.note).to.match(/clamped to 3600/);
  });

  it("raises a ttl under the minimum (zero and negative included) and says so", () => {
    for (const requested of [0, -5, 59]) {
      const resolved = resolveTtl("display", requested);
      expect(resolved.ttlSeconds).to.equal(MIN_TTL_SECONDS);
      expect(resolved.note).to.match(/raised to 60/);
    }
  });

  it("has a default inside [min, max] for every class", () => {
    for (const useClass of USE_CLASSES) {
      const { defaultSeconds, maxSeconds } = TTL_POLICY[useClass];
      expect(defaultSeconds).to.be.within(MIN_TTL_SECONDS, maxSeconds);
    }
  });
});
