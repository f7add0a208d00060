import { expect } from "chai";
import { InMemoryBlockAttempts } from "../../../src/adapters/storage/in-memory-block-attempts.adapter";
import { PostgresBlockAttempts } from "../../../src/adapters/storage/postgres-block-attempts.adapter";
import { BlockAttempts } from "../../../src/application/ports/block-attempts.port";
import { buildContainer, ShutdownHooks, USE_CASES } from "../../../src/infrastructure/container";
import { detachedRuntime } from "../../support/http-harness";

describe("composition root", () => {
  it("resolves every use-case from the production container", () => {
    const container = buildContainer(detachedRuntime());
    for (const useCase of USE_CASES) expect(container.get(useCase)).to.be.instanceOf(useCase);
  });
});

describe("composition root: the poison-block count", () => {
  it("lives beside the watch cursor: in memory without DATABASE_URL, in PostgreSQL with it", async () => {
    expect(buildContainer(detachedRuntime()).get(BlockAttempts)).to.be.instanceOf(InMemoryBlockAttempts);
    // pg connects lazily: nothing is dialled here.
    const runtime = detachedRuntime({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    const container = buildContainer(runtime);
    expect(container.get(BlockAttempts)).to.be.instanceOf(PostgresBlockAttempts);
    for (const hook of container.get<readonly (() => Promise<void>)[]>(ShutdownHooks)) await hook();
  });
});
