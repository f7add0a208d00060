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
    const second = await startDevWorld({ host: "127.0.0.1", port: 0 });
    try {
      const { time: _a, ...firstManifest } = first.manifest;
      const { time: _b, ...secondManifest } = second.manifest;
      expect(secondManifest).to.deep.equal(firstManifest);
      expect(second.manifest.time.seededHeadBlock).to.equal(first.manifest.time.seededHeadBlock);
      expect(await seededHistoryDigest(second)).to.equal(await seededHistoryDigest(first));
    } finally {
      await second.chain.close();
    }
  });
});
