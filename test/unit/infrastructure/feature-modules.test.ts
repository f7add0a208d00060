import type Router from "@koa/router";
import { expect } from "chai";
import { buildContainer, MODULES, USE_CASES } from "../../../src/infrastructure/container";
import type { WorkerContext } from "../../../src/infrastructure/feature-module";
import { composeAltRouters, composeRouters } from "../../../src/infrastructure/routers";
import { detachedRuntime } from "../../support/http-harness";

/** A path a layer answers: its `:params` filled with an address-shaped value. */
const samplePath = (path: string) => path.replace(/:[A-Za-z]+/g, "0x000000000000000000000000000000000000dEaD");

/** Pairs of routes from different routers that answer the same request (then router order would decide). */
function ambiguities(routers: readonly Router[]): string[] {
  const layers = routers.flatMap((router, index) =>
    router.stack.map((layer) => ({ index, layer, path: String(layer.path), methods: new Set(layer.methods) })),
  );
  const found: string[] = [];
  for (const a of layers)
    for (const b of layers) {
      if (a.index >= b.index || ![...a.methods].some((method) => b.methods.has(method))) continue;
      if (a.layer.match(samplePath(b.path)) || b.layer.match(samplePath(a.path))) found.push(`${a.path} ~ ${b.path}`);
    }
  return found;
}

describe("feature modules", () => {
  const runtime = detachedRuntime();
  const container = buildContainer(runtime);

  it("have one name each and list each use case once", () => {
    const names = MODULES.map((module) => module.name);
    expect(new Set(names).size).to.equal(names.length);
    expect(new Set(USE_CASES).size).to.equal(USE_CASES.length);
  });

  it("serve no request from two routers of one app, so the order of modules never decides a route", () => {
    const main = composeRouters(container, runtime.config, () => "http://x", { seeded: true });
    const alt = composeAltRouters(container, runtime.config, () => "http://y", { seeded: true });
    expect(main.routers.length).to.be.greaterThan(10);
    expect(ambiguities(main.routers)).to.deep.equal([]);
    expect(ambiguities(alt)).to.deep.equal([]);
  });

  it("start their workers in the order the service needs: the staking index, delivery, the watcher, graph trust", () => {
    // Building a worker reads nothing from the stream; starting one would.
    const chain = { blockStream: {}, localIndex: null } as unknown as WorkerContext["chain"];
    const context: WorkerContext = { container, chain, config: runtime.config, logger: runtime.logger };
    const names = MODULES.flatMap((module) => module.workers?.(context) ?? []).map((worker) => worker.name);
    expect(names).to.deep.equal(["staking index", "alert delivery", "Protocol Guard watcher", "graph trust"]);
  });
});
