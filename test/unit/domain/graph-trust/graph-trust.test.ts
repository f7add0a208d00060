import { expect } from "chai";
import * as E from "fp-ts/Either";
import type { Address } from "../../../../src/domain/chain/address";
import { graphTrustBoost, graphTrustScores, isDefaultSeed } from "../../../../src/domain/graph-trust/graph-trust";
import { decodeGraphTrustRequest } from "../../../../src/domain/graph-trust/graph-trust-request";

const addr = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;

describe("graph trust (domain)", () => {
  it("scales ranks to 0-100 against the saturation percentile, with percentiles of strictly lower ranks", () => {
    const ranks = new Map<Address, number>(Array.from({ length: 100 }, (_, i) => [addr(i + 1), (i + 1) / 1000]));
    ranks.set(addr(0), 0);
    const scores = graphTrustScores(ranks);
    expect(scores.has(addr(0))).to.equal(false);
    expect(scores.get(addr(100))).to.deep.equal({ graphTrust: 100, percentile: 99 });
    expect(scores.get(addr(1))).to.deep.equal({ graphTrust: 10, percentile: 0 });
    expect(scores.get(addr(25))!.graphTrust).to.equal(50);
  });

  it("bounds the score boost and only offers it above the midpoint", () => {
    expect(graphTrustBoost(50)).to.equal(0);
    expect(graphTrustBoost(75)).to.equal(2.5);
    expect(graphTrustBoost(100)).to.equal(5);
    expect(graphTrustBoost(Number.NaN)).to.equal(0);
  });

  it("takes old, diverse, flag-free wallets as default seeds", () => {
    expect(isDefaultSeed({ ageDays: 120, counterparties: 9, flagCount: 0 })).to.equal(true);
    expect(isDefaultSeed({ ageDays: 120, counterparties: 9, flagCount: 1 })).to.equal(false);
    expect(isDefaultSeed({ ageDays: 30, counterparties: 9, flagCount: 0 })).to.equal(false);
  });

  it("decodes requests: at most 100 addresses, seeds optional and bounded", () => {
    const a = addr(1).toUpperCase().replace("0X", "0x");
    expect(decodeGraphTrustRequest({ addresses: [a, addr(1)] })).to.deep.equal(
      E.right({ addresses: [addr(1)], seeds: null }),
    );
    expect(decodeGraphTrustRequest({})).to.deep.equal(E.left({ code: "addresses_required" }));
    const many = Array.from({ length: 101 }, (_, i) => addr(i));
    expect(decodeGraphTrustRequest({ addresses: many })).to.deep.equal(
      E.left({ code: "too_many_addresses", max: 100 }),
    );
    expect(decodeGraphTrustRequest({ addresses: [addr(1)], seeds: [] })).to.deep.equal(
      E.left({ code: "invalid_request", field: "seeds" }),
    );
    expect(decodeGraphTrustRequest({ addresses: ["x".repeat(500)] })).to.deep.equal(
      E.left({ code: "invalid_addresses", invalid: ["x".repeat(64)] }),
    );
  });
});
