import { expect } from "chai";
import type { ExplorerHistory } from "../../../src/application/ports/explorer-history.port";
import type { CreationSource } from "../../../src/adapters/explorer/local-index/internal-creations";
import type { FactoryWorld } from "./support/factory-world";
import { right } from "./support/task-either";

export interface FactoryCreationsFixture {
  /** An index of the factory world (support/factory-world.ts). */
  readonly history: ExplorerHistory;
  readonly world: FactoryWorld;
  readonly creationSource: CreationSource | undefined;
  readonly close: () => Promise<void>;
}

/** Contracts made by other contracts, for our own indexes (both must agree on the same world). */
export function factoryCreationsContract(adapterName: string, setup: () => Promise<FactoryCreationsFixture>): void {
  describe(`ExplorerHistory factory-made creations: ${adapterName}`, function () {
    this.timeout(60_000);
    let fixture: FactoryCreationsFixture;
    let w: FactoryWorld;

    before(async () => {
      fixture = await setup();
      w = fixture.world;
    });

    after(async () => {
      await fixture?.close();
    });

    it("uses factory events on the embedded chain, which serves no call traces", () => {
      expect(fixture.creationSource).to.equal("factoryLogs");
    });

    it("names the factory as creator and the sender as origin of a pair made by createPair", async () => {
      const creation = await right(fixture.history.contractCreation(w.pair));
      expect(creation).to.deep.include({
        contract: w.pair,
        creator: w.uniswapFactory,
        origin: w.alice,
        txHash: w.createPairTx,
        blockNumber: w.blocks.createPair,
      });
      const factory = await right(fixture.history.contractCreation(w.uniswapFactory));
      expect(creation?.timestamp).to.be.greaterThan(factory?.timestamp ?? Infinity);
    });

    it("keeps a deployment's creator and origin both the deploying account", async () => {
      expect(await right(fixture.history.contractCreation(w.uniswapFactory))).to.deep.include({
        creator: w.deployer,
        origin: w.deployer,
        blockNumber: w.blocks.uniswapFactory,
      });
    });

    it("believes no forged creation event: an existing contract keeps its creator, an EOA gets none", async () => {
      expect(await right(fixture.history.contractCreation(w.uniswapFactory))).to.deep.include({ creator: w.deployer });
      expect(await right(fixture.history.contractCreation(w.bob))).to.equal(null);
    });

    it("finds a silent factory's child only with traces", async () => {
      const child = await right(fixture.history.contractCreation(w.plainChild));
      if (fixture.creationSource === "factoryLogs") expect(child).to.equal(null);
      else
        expect(child).to.deep.include({
          creator: w.plainFactory,
          origin: w.alice,
          txHash: w.makeTx,
          blockNumber: w.blocks.make,
        });
    });
  });
}
