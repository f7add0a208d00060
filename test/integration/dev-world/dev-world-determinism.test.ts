import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "chai";
import { keccak256, toUtf8Bytes } from "ethers";
import { startDevWorld, type DevWorld } from "../../../src/dev-world/dev-world";
import { sharedDevWorld } from "./dev-world-fixture";

/** Every seeded transaction hash in block order: equal digests mean the same transactions in the same blocks. */
async function seededHistoryDigest(world: DevWorld): Promise<string> {
  const hashes: string[] = [];
  for (let n = 1; n <= world.manifest.time.seededHeadBlock; n++) {
    const block = (await world.chain.provider.request({
      method: "eth_getBlockByNumber",
      params: [`0x${n.toString(16)}`, false],
    })) as {
      transactions: string[];
    };
    hashes.push(`${n}:${block.transactions.join(",")}`);
  }
  return keccak256(toUtf8Bytes(hashes.join("\n")));
}

describe("dev world determinism", function () {
  this.timeout(120_000);

  it("seeds the same addresses, roles and transactions on every start", async () => {
    const first = await sharedDevWorld();
    // Seeded for real (`npm start -- --reseed`: the scenarios run even when a recording matches).
    const second = await startDevWorld({ host: "127.0.0.1", port: 0, reseed: true });
    try {
      const { time: _a, ...firstManifest } = first.manifest;
      const { time: _b, ...secondManifest } = second.manifest;
      expect(second.timings.source).to.equal("seeded");
      expect(secondManifest).to.deep.equal(firstManifest);
      expect(second.manifest.time.seededHeadBlock).to.equal(first.manifest.time.seededHeadBlock);
      expect(await seededHistoryDigest(second)).to.equal(await seededHistoryDigest(first));
    } finally {
      await second.chain.close();
    }
  });

  it("a world replayed from its recording is the world the scenarios seeded", async () => {
    const first = await sharedDevWorld();
    const dir = await mkdtemp(path.join(tmpdir(), "credence-world-cache-"));
    // One clock for both starts: the recording's key holds the hour the history ends in.
    const at = Date.now();
    const options = { host: "127.0.0.1", port: 0, worldCacheDir: dir, now: () => at };
    try {
      const seeded = await startDevWorld(options);
      await seeded.chain.close();
      expect(seeded.timings.source).to.equal("seeded");
      expect((await readdir(dir)).filter((f) => f.endsWith(".json"))).to.have.length(1);
      const replayed = await startDevWorld(options);
      try {
        expect(replayed.timings.source).to.equal("replayed");
        const { time: _a, ...firstManifest } = first.manifest;
        const { time: _b, ...replayedManifest } = replayed.manifest;
        expect(replayedManifest).to.deep.equal(firstManifest);
        expect(await seededHistoryDigest(replayed)).to.equal(await seededHistoryDigest(first));
      } finally {
        await replayed.chain.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
