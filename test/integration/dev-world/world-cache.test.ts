import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "chai";
import {
  awaitRecording,
  claimSeeding,
  readRecording,
  writeRecording,
  type WorldRecording,
} from "../../../src/dev-world/world-cache";

const recording = (key: string): WorldRecording => ({
  version: 1,
  key,
  calls: [{ method: "evm_mine", params: [1] }],
  manifest: {} as WorldRecording["manifest"],
  blocks: 1,
  transactions: 0,
  lastBlockHash: "0xabc",
});

/** The world cache's files: one seeder per key across processes, recordings read whole or not at all. */
describe("dev world cache (files)", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "credence-world-cache-files-"));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it("gives the seeding of a key to one claimant; the others get it once it is released", async () => {
    const release = await claimSeeding(dir, "k");
    expect(release).to.be.a("function");
    expect(await claimSeeding(dir, "k")).to.equal(null);
    expect(await claimSeeding(dir, "other")).to.be.a("function");
    await release!();
    expect(await claimSeeding(dir, "k")).to.be.a("function");
  });

  it("takes over a claim whose process is gone (a start interrupted while seeding)", async () => {
    await writeFile(path.join(dir, "k.lock"), "999999999");
    expect(await claimSeeding(dir, "k")).to.be.a("function");
  });

  it("a waiter gets the recording the claimant wrote, or null when the claim ends without one", async () => {
    const release = await claimSeeding(dir, "k");
    const waiting = awaitRecording(dir, "k");
    await writeRecording(dir, recording("k"));
    await release!();
    expect(await waiting).to.deep.equal(recording("k"));

    const second = await claimSeeding(dir, "none");
    const nothing = awaitRecording(dir, "none");
    await second!();
    expect(await nothing).to.equal(null);
  });

  it("reads a damaged or foreign file as a miss, and leaves no partial file behind", async () => {
    await writeFile(path.join(dir, "bad.json"), "{ not json");
    expect(await readRecording(dir, "bad")).to.equal(null);
    await writeRecording(dir, recording("other"));
    await rm(path.join(dir, "bad.json"));
    await writeFile(path.join(dir, "moved.json"), JSON.stringify(recording("other")));
    expect(await readRecording(dir, "moved")).to.equal(null);
    expect((await readdir(dir)).filter((f) => f.endsWith(".tmp"))).to.deep.equal([]);
  });
});
