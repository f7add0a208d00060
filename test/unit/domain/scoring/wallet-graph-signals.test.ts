import { expect } from "chai";
import type { SybilCluster } from "../../../../src/domain/graph-trust/cluster-types";
import { holdersInOneClusterFlag } from "../../../../src/domain/scoring/token/holders-in-cluster";
import { scoreWallet } from "../../../../src/domain/scoring/wallet/score-wallet";
import { addr, hash } from "../../../support/fakes/scoring-fakes";
import { NOW, WALLET_ADDR, codes, healthyWallet } from "./support/wallet-fixtures";

const cluster: SybilCluster = {
  id: "sc_0123456789abcdef",
  members: [WALLET_ADDR, addr(2), addr(3), addr(4), addr(5)],
  evidence: [
    { family: "funding", detail: "5 wallets first funded by one source", txHashes: [hash(1)] },
    { family: "sweep", detail: "5 wallets swept to one address", txHashes: [hash(2)] },
  ],
  confidence: 0.75,
};

describe("scoreWallet: graph trust", () => {
  it("adds a bounded graph-trust boost to a clean wallet, and states when graph trust was not computed", () => {
    const plain = scoreWallet(healthyWallet(), NOW);
    const trusted = scoreWallet(
      healthyWallet({ graph: { graphTrust: 100, percentile: 99, cluster: null, asOfBlock: 9 } }),
      NOW,
    );
    expect(trusted.breakdown.graphTrustBoostApplied).to.equal(5);
    expect(trusted.score).to.equal(Math.min(100, plain.score + 5));
    const middling = scoreWallet(
      healthyWallet({ graph: { graphTrust: 40, percentile: 50, cluster: null, asOfBlock: 9 } }),
      NOW,
    );
    expect(middling.breakdown.graphTrustBoostApplied).to.equal(0);
    const unknown = scoreWallet(healthyWallet({ graph: null }), NOW);
    expect(unknown.limitations.join(" ")).to.contain("Graph trust has not been computed");
  });

  it("raises SYBIL_CLUSTER with the cluster's evidence, and then gives no boost whatever the trust", () => {
    const member = scoreWallet(
      healthyWallet({ graph: { graphTrust: 100, percentile: 99, cluster, asOfBlock: 9 } }),
      NOW,
    );
    expect(codes(member)).to.include("SYBIL_CLUSTER");
    const flag = member.flags.find((f) => f.code === "SYBIL_CLUSTER")!;
    expect(flag.severity).to.equal("high");
    expect(flag.evidence.figures).to.include({ clusterId: cluster.id, size: 5, families: "funding,sweep" });
    expect(flag.evidence.txHashes).to.deep.equal([hash(1), hash(2)]);
    expect(member.breakdown.graphTrustBoostApplied).to.equal(0);
    expect(member.score).to.be.at.most(59);
  });
});

describe("HOLDERS_IN_ONE_CLUSTER", () => {
  const holders = Array.from({ length: 12 }, (_, i) => addr(100 + i));
  const inCluster = (n: number) => new Map(holders.slice(0, n).map((h) => [h, { id: cluster.id, size: 10 }]));

  it("needs five holders of one cluster making a quarter of the assessed holders; high from half", () => {
    expect(holdersInOneClusterFlag(holders, inCluster(4))).to.equal(null);
    const medium = holdersInOneClusterFlag(holders, inCluster(5));
    expect(medium?.severity).to.equal("medium");
    expect(medium?.evidence.figures?.clusterId).to.equal(cluster.id);
    expect(holdersInOneClusterFlag(holders, inCluster(6))?.severity).to.equal("high");
    expect(
      holdersInOneClusterFlag([...holders, ...Array.from({ length: 20 }, (_, i) => addr(500 + i))], inCluster(6)),
    ).to.equal(null);
  });
});
