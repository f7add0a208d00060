import { expect } from "chai";
import { singleFlightTimer } from "../../../../src/adapters/workers/single-flight-timer";

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A unit of work the test releases by hand, counting how many ran and how many at once. */
function gatedWork(more: () => boolean = () => false) {
  const state = { started: 0, finished: 0, concurrent: 0, maxConcurrent: 0, release: [] as (() => void)[] };
  const work = async () => {
    state.started++;
    state.concurrent++;
    state.maxConcurrent = Math.max(state.maxConcurrent, state.concurrent);
    await new Promise<void>((resolve) => state.release.push(resolve));
    state.concurrent--;
    state.finished++;
    return more();
  };
  const releaseAll = async () => {
    while (state.release.length > 0 || state.concurrent > 0) {
      state.release.splice(0).forEach((r) => r());
      await tick();
    }
  };
  return { state, work, releaseAll };
}

describe("singleFlightTimer (the workers' one timer helper)", () => {
  it("joins a run under way instead of starting a second one", async () => {
    const { state, work, releaseAll } = gatedWork();
    const timer = singleFlightTimer({ intervalMs: 60_000, work, onError: () => undefined });
    const first = timer.run();
    const second = timer.run();
    await tick();
    expect(state.started).to.equal(1);
    await releaseAll();
    await Promise.all([first, second]);
    expect(state).to.deep.include({ started: 1, finished: 1, maxConcurrent: 1 });
    await timer.stop();
  });

  it("a kick during a run queues exactly one more run after it, never overlapping", async () => {
    const { state, work, releaseAll } = gatedWork();
    const timer = singleFlightTimer({ intervalMs: 60_000, work, onError: () => undefined });
    const run = timer.run();
    await tick();
    timer.kick();
    timer.kick();
    await releaseAll();
    await run;
    expect(state).to.deep.include({ started: 2, finished: 2, maxConcurrent: 1 });
    await timer.stop();
  });

  it("repeats while the work says there is more, and reports a throw without stopping the timer", async () => {
    let left = 3;
    const errors: unknown[] = [];
    let throwNext = true;
    const timer = singleFlightTimer({
      intervalMs: 20,
      work: async () => {
        if (throwNext) {
          throwNext = false;
          throw new Error("storage down");
        }
        if (left === 0) return false;
        left--;
        return left > 0;
      },
      onError: (error) => errors.push(error),
    });
    await timer.run();
    expect(errors.map(String)).to.deep.equal(["Error: storage down"]);
    expect(left).to.equal(3);
    // The next tick starts a fresh run, which repeats until nothing is left.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(left).to.equal(0);
    await timer.stop();
  });

  it("after stop, neither ticks nor kicks start work; stop waits for the run under way", async () => {
    const { state, work, releaseAll } = gatedWork();
    const timer = singleFlightTimer({ intervalMs: 10, work, onError: () => undefined });
    void timer.run();
    await tick();
    const stopped = timer.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await tick();
    expect(done).to.equal(false);
    await releaseAll();
    await stopped;
    timer.kick();
    await timer.run();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(state.started).to.equal(1);
  });
});
