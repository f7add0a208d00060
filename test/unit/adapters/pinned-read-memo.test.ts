import { expect } from "chai";
import { PinnedReadMemo } from "../../../src/adapters/chain/pinned-read-memo";

describe("PinnedReadMemo", () => {
  let now = 0;
  const memo = (maxEntries = 10) => new PinnedReadMemo({ ttlMs: 1_000, maxEntries, nowMs: () => now });
  const counting = () => {
    const loads: string[] = [];
    return { loads, load: (answer: string) => () => (loads.push(answer), Promise.resolve(answer)) };
  };

  beforeEach(() => (now = 0));

  it("loads a key once while it is kept, and again after its time", async () => {
    const m = memo();
    const { loads, load } = counting();
    expect(await Promise.all([m.read("a", load("1")), m.read("a", load("2"))])).to.deep.equal(["1", "1"]);
    now = 999;
    expect(await m.read("a", load("3"))).to.equal("1");
    now = 1_000;
    expect(await m.read("a", load("4"))).to.equal("4");
    expect(loads).to.deep.equal(["1", "4"]);
  });

  it("forgets a failed read at once, so the next asker tries again", async () => {
    const m = memo();
    await m.read("a", () => Promise.reject(new Error("node down"))).catch(() => undefined);
    expect(await m.read("a", () => Promise.resolve("ok"))).to.equal("ok");
  });

  it("forgets an answer its caller says not to keep", async () => {
    const m = memo();
    const found = (answer: string | null) => answer !== null;
    expect(await m.read<string | null>("receipt", () => Promise.resolve(null), found)).to.equal(null);
    expect(await m.read<string | null>("receipt", () => Promise.resolve("mined"), found)).to.equal("mined");
  });

  it("keeps at most maxEntries, dropping the oldest", async () => {
    const m = memo(2);
    const { loads, load } = counting();
    await m.read("a", load("a"));
    await m.read("b", load("b"));
    await m.read("c", load("c"));
    expect(m.size).to.equal(2);
    await m.read("a", load("a again"));
    expect(loads).to.deep.equal(["a", "b", "c", "a again"]);
  });
});
