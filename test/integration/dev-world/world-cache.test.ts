import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "chai";
import { startEmbeddedChain } from "../../../src/dev-world/embedded-chain";
import {
  awaitRecording,
  claimSeeding,
  readRecording,
  replay,
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

/** Replay sends a recording to EDR as one batch: the same blocks as call by call, and a refused call is a miss. */
describe("dev world cache (replay)", function () {
  this.timeout(60_000);
  const genesis = new Date("2026-01-01T00:00:00Z");
  const calls: WorldRecording["calls"] = [
    { method: "evm_setAutomine", params: [false] },
    { method: "hardhat_setBalance", params: ["0x00000000000000000000000000000000000000aa", "0x64"] },
    { method: "evm_mine", params: [genesis.getTime() / 1000 + 60] },
    { method: "hardhat_setCode", params: ["0x00000000000000000000000000000000000000bb", "0x6001600055"] },
    { method: "evm_mine", params: [genesis.getTime() / 1000 + 120] },
  ];
  const chainWith = async (run: (chain: Awaited<ReturnType<typeof startEmbeddedChain>>) => Promise<string | null>) => {
    const chain = await startEmbeddedChain({ host: "127.0.0.1", port: 0, initialDate: genesis });
    try {
      const hash = await run(chain);
      const code = await chain.provider.request({
        method: "eth_getCode",
        params: ["0x00000000000000000000000000000000000000bb", "latest"],
      });
      return { hash, code };
    } finally {
      await chain.close();
    }
  };

  it("ends on the block the same calls made one by one end on", async () => {
    const oneByOne = await chainWith(async (chain) => {
      for (const call of calls) await chain.provider.request({ method: call.method, params: [...call.params] });
      const latest = (await chain.provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
        hash: string;
      };
      return latest.hash;
    });
    const replayed = await chainWith((chain) => replay(chain, { ...recording("k"), calls }));
    expect(replayed).to.deep.equal(oneByOne);
    expect(replayed.code).to.equal("0x6001600055");
  });

  it("answers null when the chain refuses a call (the world is then seeded, not started half replayed)", async () => {
    const refused = [...calls.slice(0, 3), { method: "eth_sendRawTransaction", params: ["0x1234"] }, ...calls.slice(3)];
    const replayed = await chainWith((chain) => replay(chain, { ...recording("k"), calls: refused }));
    expect(replayed.hash).to.equal(null);
    // Stopped at the refused call: what came after it never ran.
    expect(replayed.code).to.equal("0x");
  });
});
