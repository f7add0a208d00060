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
  let dir: string;
  // One clock for both starts below: a recording's key holds the hour the history ends on.
  const at = Date.now();
  const options = () => ({ host: "127.0.0.1", port: 0, worldCacheDir: dir, now: () => at });
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "credence-world-cache-"));
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  const sameWorld = async (first: DevWorld, second: DevWorld) => {
    const { time: _a, ...firstManifest } = first.manifest;
    const { time: _b, ...secondManifest } = second.manifest;
    expect(secondManifest).to.deep.equal(firstManifest);
    expect(second.manifest.time.seededHeadBlock).to.equal(first.manifest.time.seededHeadBlock);
    expect(await seededHistoryDigest(second)).to.equal(await seededHistoryDigest(first));
  };

  it("seeds the same addresses, roles and transactions on every start", async () => {
    // An empty world cache: the scenarios run (and are recorded), whatever the shared world came from.
    const second = await startDevWorld(options());
    try {
      expect(second.timings.source).to.equal("seeded");
      expect((await readdir(dir)).filter((f) => f.endsWith(".json"))).to.have.length(1);
      await sameWorld(await sharedDevWorld(), second);
    } finally {
      await second.chain.close();
    }
  });

  it("a world replayed from its recording is the world the scenarios seeded", async () => {
    const replayed = await startDevWorld(options());
    try {
      expect(replayed.timings.source).to.equal("replayed");
      await sameWorld(await sharedDevWorld(), replayed);
    } finally {
      await replayed.chain.close();
    }
  });
});
