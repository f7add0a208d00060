import { expect } from "chai";
import { appWorld, PLATFORM_KEY, type AppWorld } from "./support/app-world";
import { getJson, postJson, type UncheckedJson } from "./support/http-client";

const auth = { Authorization: `Bearer ${PLATFORM_KEY}` };

describe("HTTP e2e: graph trust (POST /api/graph-trust, GET /api/graph-trust/cluster/{id})", function () {
  this.timeout(120_000);
  let w: AppWorld;
  before(async () => {
    w = await appWorld();
  });

  it("is closed without the platform credential: 401", async () => {
    const farm = w.manifest.sybilFarm.members[0]!;
    expect((await postJson(`${w.url}/api/graph-trust`, { addresses: [farm] })).status).to.equal(401);
    expect((await getJson(`${w.url}/api/graph-trust/cluster/sc_0000000000000000`)).status).to.equal(401);
  });

  it("puts the seeded farm in one cluster with funding and sweep evidence, and no look-alike in any", async () => {
    const { sybilFarm, exchangeUsers, payrollRecipients, exchangeHotWallet } = w.manifest;
    const lookalikes = [...exchangeUsers, ...payrollRecipients, exchangeHotWallet];
    const answer = await postJson(
      `${w.url}/api/graph-trust`,
      { addresses: [...sybilFarm.members, ...lookalikes] },
      auth,
    );
    expect(answer.status).to.equal(200);
    expect(answer.body.asOfBlock).to.be.a("number").at.least(w.manifest.time.seededHeadBlock);
    expect(new Date(answer.body.computedAt).toISOString()).to.equal(answer.body.computedAt);
    const byAddress = new Map<string, UncheckedJson>(answer.body.results.map((r: UncheckedJson) => [r.address, r]));
    const ids = new Set(sybilFarm.members.map((m) => byAddress.get(m)?.cluster?.id));
    expect(ids.size).to.equal(1);
    const cluster = byAddress.get(sybilFarm.members[0]!).cluster;
    expect(cluster.size).to.equal(sybilFarm.members.length);
    expect(cluster.confidence).to.be.within(0, 1);
    const families = cluster.evidence.map((e: UncheckedJson) => e.family);
    expect(families).to.include.members(["funding", "sweep"]);
    for (const e of cluster.evidence) expect(e.txHashes).to.be.an("array").that.is.not.empty;
    for (const a of lookalikes) expect(byAddress.get(a)?.cluster, a).to.equal(null);
    for (const r of answer.body.results) {
      expect(r.graphTrust).to.be.within(0, 100);
      expect(r.percentile).to.be.within(0, 100);
      expect(r.topTrustedNeighbours).to.be.an("array");
    }

    const one = await getJson(`${w.url}/api/graph-trust/cluster/${cluster.id}`, auth);
    expect(one.status).to.equal(200);
    expect([...one.body.members].sort()).to.deep.equal([...sybilFarm.members].sort());
    expect(one.body.members).not.to.include.members([sybilFarm.funder, sybilFarm.sweepTo, ...sybilFarm.relays]);
  });

  it("marks farm members SYBIL_CLUSTER in their wallet score, and the farmed token HOLDERS_IN_ONE_CLUSTER", async () => {
    const member = await getJson(`${w.url}/api/arc-score/${w.manifest.sybilFarm.members[3]}`, auth);
    expect(member.status).to.equal(200);
    const flag = member.body.flags.find((f: UncheckedJson) => f.code === "SYBIL_CLUSTER");
    expect(flag.evidence.figures.size).to.equal(10);
    expect(flag.evidence.txHashes).to.be.an("array").that.is.not.empty;
    // Funding through two relays is one source for SHARED_FUNDING_SOURCE too.
    expect(member.body.flags.map((f: UncheckedJson) => f.code)).to.include("SHARED_FUNDING_SOURCE");
    // The farmed token (named in the co_trading evidence) has its holders in that one cluster.
    const clusterId = flag.evidence.figures.clusterId as string;
    const cluster = await getJson(`${w.url}/api/graph-trust/cluster/${clusterId}`, auth);
    const coTrading = cluster.body.evidence.find((e: UncheckedJson) => e.family === "co_trading");
    const token = /0x[0-9a-f]{40}/.exec(coTrading.detail as string)![0];
    const scored = await getJson(`${w.url}/api/arc-score/${token}`, auth);
    const holders = scored.body.flags.find((f: UncheckedJson) => f.code === "HOLDERS_IN_ONE_CLUSTER");
    expect(holders.evidence.figures.clusterId).to.equal(clusterId);
    const longLived = await getJson(`${w.url}/api/arc-score/${w.manifest.longLivedWallet}`, auth);
    expect(longLived.body.flags.map((f: UncheckedJson) => f.code)).not.to.include("SYBIL_CLUSTER");
  });

  it("gives seeds high trust when the caller names them, and bounds the input", async () => {
    const seed = w.manifest.longLivedWallet;
    const mine = await postJson(`${w.url}/api/graph-trust`, { addresses: [seed], seeds: [seed] }, auth);
    expect(mine.status).to.equal(200);
    expect(mine.body.results[0].graphTrust).to.equal(100);
    const many = Array.from({ length: 101 }, (_, i) => "0x" + i.toString(16).padStart(40, "0"));
    const tooMany = await postJson(`${w.url}/api/graph-trust`, { addresses: many }, auth);
    expect(tooMany.status).to.equal(400);
    expect(tooMany.body).to.deep.equal({ error: "too_many_addresses", max: 100 });
    const badSeeds = await postJson(`${w.url}/api/graph-trust`, { addresses: [seed], seeds: ["nope"] }, auth);
    expect(badSeeds.body).to.deep.equal({ error: "invalid_request", field: "seeds" });
    const unknown = await getJson(`${w.url}/api/graph-trust/cluster/sc_0000000000000000`, auth);
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.deep.equal({ error: "cluster_not_found" });
  });
});
