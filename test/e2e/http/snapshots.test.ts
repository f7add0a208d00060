import { expect } from "chai";
import { appWorld, type AppWorld } from "./support/app-world";
import { getJson } from "./support/http-client";

interface SnapshotRow {
  readonly id: string;
  readonly subject: string;
  readonly score: number | null;
  readonly queriedAt: string;
}

describe("HTTP e2e: GET /api/snapshots/{address}", function () {
  this.timeout(120_000);
  let w: AppWorld;
  /** A free, snapshotting score path; returns the snapshot id of the answer. */
  const score = async (address: string): Promise<string> => {
    const res = await getJson(`${w.url}/api/token-shield/nft/${address}`);
    expect(res.status).to.equal(200);
    return res.body.snapshotId as string;
  };
  const list = (address: string, query = "") =>
    getJson<{ address: string; snapshots: SnapshotRow[] }>(`${w.url}/api/snapshots/${address}${query}`);

  before(async () => {
    w = await appWorld();
  });

  it("lists an address's snapshots newest first, each with a snap_ id", async () => {
    const address = w.manifest.nftOrganic;
    const first = await score(address);
    const second = await score(address);
    const res = await list(address);
    expect(res.status).to.equal(200);
    expect(res.body.address).to.equal(address);
    const ids = res.body.snapshots.map((s) => s.id);
    expect(ids.indexOf(second)).to.equal(0);
    expect(ids.indexOf(first)).to.equal(1);
    for (const snapshot of res.body.snapshots) {
      expect(snapshot.id).to.match(/^snap_[0-9a-zA-Z]+$/);
      expect(snapshot.subject).to.equal(address);
    }
    const times = res.body.snapshots.map((s) => Date.parse(s.queriedAt));
    expect(times).to.deep.equal([...times].sort((a, b) => b - a));
  });

  it("returns one snapshot by ?id=, and 404 not_found for an unknown id", async () => {
    const address = w.manifest.nft1155;
    const id = await score(address);
    const one = await getJson<SnapshotRow>(`${w.url}/api/snapshots/${address}?id=${id}`);
    expect(one.status).to.equal(200);
    expect(one.body).to.include({ id, subject: address });
    const unknown = await getJson(`${w.url}/api/snapshots/${address}?id=snap_000000000000000000000000`);
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.deep.equal({ error: "not_found" });
  });

  it("clamps ?limit=999 to 50 and honours a small limit", async () => {
    const address = w.manifest.nftDump;
    // More snapshots than the cap: the clamp, not the history, must be what limits the list.
    for (let i = 0; i < 52; i += 1) await score(address);
    const clamped = await list(address, "?limit=999");
    expect(clamped.status).to.equal(200);
    expect(clamped.body.snapshots).to.have.lengthOf(50);
    const two = await list(address, "?limit=2");
    expect(two.body.snapshots.map((s) => s.id)).to.deep.equal(clamped.body.snapshots.slice(0, 2).map((s) => s.id));
  });
});
