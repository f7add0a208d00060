import type { ChainWriter } from "./chain-writer";

/**
 * A scenario is straight-line code that yields the absolute chain time (unix seconds) it wants to
 * act at next; whatever it sends after a `yield t` lands in the block mined at t. Scenarios run
 * interleaved, so histories overlap in time the way real ones do.
 */
export type Scenario = AsyncGenerator<number, void, void>;

interface Waiting {
  readonly scenario: Scenario;
  readonly name: string;
  at: number;
}

async function advance(entry: Waiting, now: number): Promise<boolean> {
  const step = await entry.scenario.next();
  if (step.done === true) return false;
  if (step.value <= now) throw new Error(`scenario ${entry.name} went back in time: ${step.value} <= ${now}`);
  entry.at = step.value;
  return true;
}

/**
 * Runs scenarios in chain-time order. Scenarios due at the same second share one block (in the
 * order given), which is how "bought in the same block" is expressed.
 */
export async function runTimeline(
  writer: Pick<ChainWriter, "mine" | "hasPending">,
  scenarios: Readonly<Record<string, Scenario>>,
  startedAt: number,
): Promise<void> {
  let waiting: Waiting[] = [];
  for (const [name, scenario] of Object.entries(scenarios)) {
    const entry: Waiting = { scenario, name, at: 0 };
    if (await advance(entry, startedAt)) waiting.push(entry);
    if (writer.hasPending) throw new Error(`scenario ${name} sent a transaction before its first yield`);
  }
  while (waiting.length > 0) {
    const now = Math.min(...waiting.map((w) => w.at));
    const still: Waiting[] = [];
    for (const entry of waiting) {
      if (entry.at !== now || (await advance(entry, now))) still.push(entry);
    }
    await writer.mine(now);
    waiting = still;
  }
}
