import { expect } from "chai";
import type { GraphTrustSnapshot, GraphTrustStore } from "../../../src/application/ports/graph-trust-store.port";
import type { Address } from "../../../src/domain/chain/address";
import type { TxHash } from "../../../src/domain/chain/chain-types";
import type { SybilCluster } from "../../../src/domain/graph-trust/cluster-types";
import type { GraphTrust } from "../../../src/domain/graph-trust/graph-trust";

const wallet = (i: number) => `0x${i.toString(16).padStart(40, "0")}` as Address;
const tx = (i: number) => `0x${i.toString(16).padStart(64, "0")}` as TxHash;

/** A snapshot shaped like a recompute's: integer graphTrust, percentiles in tenths, one cluster with evidence. */
export function snapshot(asOfBlock: number, computedAt = "2026-11-26T12:00:00.000Z", wallets = 50): GraphTrustSnapshot {
  const trust = new Map<Address, GraphTrust>();
  for (let i = 1; i <= wallets; i++)
    trust.set(wallet(i), {
      graphTrust: (i * 7 + asOfBlock) % 101,
      percentile: Math.round((1000 * (i - 1)) / wallets) / 10,
    });
  const cluster: SybilCluster = {
    id: `sc_${asOfBlock.toString(16).padStart(16, "0")}`,
    members: [wallet(1001), wallet(1002), wallet(1003), wallet(1004), wallet(1005)],
    evidence: [
      { family: "funding", detail: "one source funded 5 wallets within 24 h", txHashes: [tx(1), tx(2)] },
      { family: "sweep", detail: "5 wallets sent at least half to one address", txHashes: [tx(3)] },
    ],
    confidence: 0.75,
  };
  return {
    asOfBlock,
    computedAt,
    seeds: [wallet(1), wallet(2)],
    trust,
    clusters: [cluster],
    clusterOf: new Map(cluster.members.map((m) => [m, cluster])),
  };
}

/** The behaviour every GraphTrustStore adapter must show (one store: what one instance sees). */
export function graphTrustStoreContract(name: string, makeStore: () => GraphTrustStore): void {
  describe(`GraphTrustStore contract: ${name}`, () => {
    it("holds nothing before a first save", async () => {
      const store = makeStore();
      expect(store.latest()).to.equal(null);
      expect(await store.refresh()).to.equal(null);
    });

    it("save then latest and refresh give the same snapshot back, trust, clusters and clusterOf included", async () => {
      const store = makeStore();
      const saved = snapshot(100);
      expect(await store.save(saved)).to.equal(true);
      expect(store.latest()).to.deep.equal(saved);
      expect(await store.refresh()).to.deep.equal(saved);
    });

    it("a newer asOfBlock wins: an older snapshot saved later is refused and changes nothing", async () => {
      const store = makeStore();
      expect(await store.save(snapshot(200))).to.equal(true);
      expect(await store.save(snapshot(150, "2026-11-26T13:00:00.000Z"))).to.equal(false);
      expect(store.latest()?.asOfBlock).to.equal(200);
      expect(await store.save(snapshot(201))).to.equal(true);
      expect((await store.refresh())?.asOfBlock).to.equal(201);
    });

    it("at the same block the later computation wins (a final over an earlier one), not the reverse", async () => {
      const store = makeStore();
      expect(await store.save(snapshot(300, "2026-11-26T12:00:01.000Z"))).to.equal(true);
      expect(await store.save(snapshot(300, "2026-11-26T12:00:00.000Z"))).to.equal(false);
      expect(await store.save(snapshot(300, "2026-11-26T12:00:02.000Z"))).to.equal(true);
      expect(store.latest()?.computedAt).to.equal("2026-11-26T12:00:02.000Z");
    });

    it("an interim snapshot is shown until the next save, and is not what a save is compared with", async () => {
      const store = makeStore();
      await store.save(snapshot(400));
      const interim = { ...snapshot(401), seeds: [] };
      store.showInterim(interim);
      expect(store.latest()).to.equal(interim);
      expect(await store.save(snapshot(401, "2026-11-26T12:00:00.000Z"))).to.equal(true);
      expect(store.latest()?.seeds).to.have.length(2);
    });

    it("of concurrent writers the newest wins whatever the order; of equal ones exactly one is stored", async () => {
      const store = makeStore();
      const blocks = [503, 501, 505, 502, 504];
      await Promise.all(blocks.map((b) => store.save(snapshot(b))));
      expect((await store.refresh())?.asOfBlock).to.equal(505);
      const equal = await Promise.all([1, 2, 3, 4].map(() => store.save(snapshot(600))));
      expect(equal.filter((stored) => stored)).to.have.length(1);
      expect((await store.refresh())?.asOfBlock).to.equal(600);
    });
  });
}
