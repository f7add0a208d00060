import { expect } from "chai";
import { Interface } from "ethers";
import { SCORE_REGISTRY_ABI } from "../../../src/adapters/registry/ethers-score-registry.adapter";
import { compileContracts } from "../../../src/dev-world/compile";
import { measureRegistryGas } from "../../../scripts/bench/registry-gas.bench";
import { httpProvider, sharedDevWorld } from "./dev-world-fixture";

describe("dev world: ScoreRegistry (issue 33 item 5)", function () {
  this.timeout(180_000);

  it("the ABI served at /api/registry is the compiled contract's (every served function and event exists there)", async () => {
    const compiled = (await compileContracts()).ScoreRegistry;
    expect(compiled).to.not.equal(undefined);
    const solc = new Interface(compiled!.abi as never);
    const served = new Interface(SCORE_REGISTRY_ABI);
    served.forEachFunction((f) =>
      expect(solc.getFunction(f.format("sighash"))?.format("full")).to.equal(f.format("full")),
    );
    served.forEachEvent((e) => expect(solc.getEvent(e.format("sighash"))?.topicHash).to.equal(e.topicHash));
  });

  it("isAllowed costs under 5,000 gas warm; the seeded registry is written by the oracle only", async () => {
    const world = await sharedDevWorld();
    const provider = httpProvider(world);
    const gas = await measureRegistryGas(provider, world.manifest.contracts.scoreRegistry);
    expect(gas.warmGas).to.be.below(5_000);
    expect(gas.coldGas).to.be.above(gas.warmGas);
    const registry = new Interface(SCORE_REGISTRY_ABI);
    const oracle = registry.decodeFunctionResult(
      "oracle",
      await provider.call({ to: world.manifest.contracts.scoreRegistry, data: registry.encodeFunctionData("oracle") }),
    )[0] as string;
    expect(oracle.toLowerCase()).to.equal(world.manifest.sanctionsAndRegistry.scoreRegistryOracle);
    let refused: unknown;
    try {
      await provider.call({
        from: world.manifest.payer,
        to: world.manifest.contracts.scoreRegistry,
        data: registry.encodeFunctionData("publish", [
          [world.manifest.payer],
          [100],
          [2],
          [100],
          [`0x${"00".repeat(32)}`],
        ]),
      });
    } catch (error) {
      refused = error;
    }
    expect((refused as { data?: string }).data?.slice(0, 10)).to.equal(
      new Interface(["error NotOracle(address caller)"]).getError("NotOracle")!.selector,
    );
    console.log(`      isAllowed gas: cold ${gas.coldGas}, warm ${gas.warmGas}; publish(1) ${gas.publishOneGas}`);
    provider.destroy();
  });
});
