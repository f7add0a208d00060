import * as E from "fp-ts/Either";
import { expect } from "chai";
import { GraphTrustWorker, type GraphTrustComputeLease } from "../../../../src/adapters/workers/graph-trust.worker";
import type { GraphTrustSnapshot } from "../../../../src/application/ports/graph-trust-store.port";

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const snapshot = (asOfBlock: number): GraphTrustSnapshot => ({
  asOfBlock,
  computedAt: "2026-11-26T12:00:00.000Z",
  seeds: [],
  trust: new Map(),
  clusters: [],
  clusterOf: new Map(),
});
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await later(5);
}

/** Recomputes that wait for the test to release them, counted, with how many ran at once. */
function gatedRecompute() {
  const state = { started: 0, concurrent: 0, maxConcurrent: 0, release: [] as (() => void)[] };
  const recompute = {
    execute: () => async () => {
      state.started++;
      state.concurrent++;
      state.maxConcurrent = Math.max(state.maxConcurrent, state.concurrent);
      await new Promise<void>((resolve) => state.release.push(resolve));
      state.concurrent--;
      return E.right(snapshot(state.started));
    },
  };
  return { state, recompute };
}

const NOT_READY = { _tag: "GraphTrustNotReady" } as const;

describe("GraphTrustWorker", () => {
  it("a recompute still running when the next ticks come is not started again; the tick after it ends starts one", async () => {
    const { state, recompute } = gatedRecompute();
    const worker = new GraphTrustWorker(recompute, { execute: () => async () => E.left(NOT_READY) }, silent, 10, null);
    const started = worker.start();
    await until(() => state.release.length === 1);
    state.release.shift()!();
    await started;
    // The second recompute (a tick's) outlasts many 10 ms intervals: every tick meanwhile joins it.
    await until(() => state.release.length === 1);
    await later(150);
    expect(state).to.deep.include({ started: 2, maxConcurrent: 1 });
    state.release.shift()!();
    await until(() => state.started === 3);
    expect(state.maxConcurrent).to.equal(1);
    const stopped = worker.stop();
    state.release.splice(0).forEach((release) => release());
    await stopped;
  });

  it("with a lease, only its holder recomputes; the others read the stored snapshot at each tick", async () => {
    const lease = (held: boolean): GraphTrustComputeLease & { stops: number } => ({
      held,
      stops: 0,
      start: async () => undefined,
      async stop() {
        this.stops++;
      },
    });
    const counts = { holderComputes: 0, holderReads: 0, readerComputes: 0, readerReads: 0 };
    const holderLease = lease(true);
    const readerLease = lease(false);
    const holder = new GraphTrustWorker(
      { execute: () => async () => (counts.holderComputes++, E.right(snapshot(1))) },
      { execute: () => async () => (counts.holderReads++, E.left(NOT_READY)) },
      silent,
      60_000,
      holderLease,
    );
    const reader = new GraphTrustWorker(
      { execute: () => async () => (counts.readerComputes++, E.right(snapshot(1))) },
      { execute: () => async () => (counts.readerReads++, E.right(snapshot(1))) },
      silent,
      60_000,
      readerLease,
    );
    await holder.start();
    await reader.start();
    expect(counts).to.deep.equal({ holderComputes: 1, holderReads: 0, readerComputes: 0, readerReads: 1 });
    await holder.stop();
    await reader.stop();
    // Stopping hands the lease back (the next holder need not wait for it to expire).
    expect([holderLease.stops, readerLease.stops]).to.deep.equal([1, 1]);
  });
});
