import { expect } from "chai";
import { runTimeline, type Scenario } from "../../../src/dev-world/world/timeline";

/** Records what each mined block contained, standing in for ChainWriter. */
function recordingWriter() {
  const blocks: { at: number; sent: string[] }[] = [];
  let pending: string[] = [];
  return {
    blocks,
    send: (what: string) => pending.push(what),
    writer: {
      get hasPending() {
        return pending.length > 0;
      },
      mine: async (at: number) => {
        blocks.push({ at, sent: pending });
        pending = [];
      },
    },
  };
}

describe("runTimeline", () => {
  it("interleaves scenarios by chain time and puts same-second actions in one block", async () => {
    const rec = recordingWriter();
    async function* alice(): Scenario {
      yield 10;
      rec.send("alice@10");
      yield 30;
      rec.send("alice@30");
    }
    async function* bob(): Scenario {
      yield 20;
      rec.send("bob@20");
      yield 30;
      rec.send("bob@30");
    }
    await runTimeline(rec.writer, { alice: alice(), bob: bob() }, 0);
    expect(rec.blocks).to.deep.equal([
      { at: 10, sent: ["alice@10"] },
      { at: 20, sent: ["bob@20"] },
      { at: 30, sent: ["alice@30", "bob@30"] },
    ]);
  });

  it("refuses a scenario that goes back in time", async () => {
    const rec = recordingWriter();
    async function* confused(): Scenario {
      yield 20;
      yield 10;
    }
    let error: unknown;
    await runTimeline(rec.writer, { confused: confused() }, 0).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain("confused went back in time");
  });

  it("refuses a scenario that sends before saying when", async () => {
    const rec = recordingWriter();
    async function* eager(): Scenario {
      rec.send("too early");
      yield 5;
    }
    let error: unknown;
    await runTimeline(rec.writer, { eager: eager() }, 0).catch((e: unknown) => (error = e));
    expect(String(error)).to.contain("eager sent a transaction before its first yield");
  });
});
