import type { StreamedBlock } from "../../../src/application/ports/block-stream.port";
import type { BlockSource } from "../../../src/adapters/explorer/local-index/followed-block-stream";

/** What a test puts in a block: its decoded history and raw activity, hashes and numbers filled in. */
export type BlockContent = (
  number: number,
  hash: string,
) => Partial<Omit<StreamedBlock, "number" | "activity">> & {
  readonly logs?: StreamedBlock["activity"]["logs"];
  readonly calls?: StreamedBlock["activity"]["transactions"];
};

const empty: BlockContent = () => ({});

/**
 * A chain a test can fork: blocks `0..head`, each hash naming its branch (`0x<branch>-<number>`), served as
 * a block source. `fetched` lists every block number read, `rollbacks` every ancestor the stream rolled the
 * source back to; `lag` makes the node report a head that many blocks below its newest (a lagging node).
 */
export class FakeBlockChain implements BlockSource {
  readonly blocks: StreamedBlock[] = [];
  readonly fetched: number[] = [];
  readonly rollbacks: number[] = [];
  lag = 0;

  constructor(length: number, branch = "a") {
    this.mine(length, branch);
  }

  hashOf(number: number): string {
    return this.blocks[number]!.activity.hash;
  }

  /** Appends `count` blocks of `branch`. */
  mine(count: number, branch: string, content: BlockContent = empty): this {
    for (let i = 0; i < count; i++) {
      const number = this.blocks.length;
      const hash = `0x${branch}-${number}`;
      const parentHash = number === 0 ? "0x0" : this.hashOf(number - 1);
      const { logs = [], calls = [], ...history } = content(number, hash);
      this.blocks.push({
        number,
        timestamp: 1_700_000_000 + number,
        transactions: [],
        transfers: [],
        creations: [],
        ...history,
        activity: { number, hash, parentHash, timestamp: 1_700_000_000 + number, transactions: calls, logs },
      });
    }
    return this;
  }

  /** Drops the newest `depth` blocks and mines `count` of `branch` in their place (a reorganisation). */
  fork(depth: number, count: number, branch: string, content: BlockContent = empty): this {
    this.blocks.splice(this.blocks.length - depth);
    return this.mine(count, branch, content);
  }

  async head(): Promise<{ number: number; hash: string } | null> {
    const block = this.blocks[this.blocks.length - 1 - this.lag];
    return block === undefined ? null : { number: block.number, hash: block.activity.hash };
  }

  async fetchRange(from: number, to: number): Promise<StreamedBlock[]> {
    if (to > this.blocks.length - 1) throw new Error(`block ${to} is past the head`);
    for (let n = from; n <= to; n++) this.fetched.push(n);
    return this.blocks.slice(from, to + 1);
  }

  async rollback(ancestor: number): Promise<void> {
    this.rollbacks.push(ancestor);
  }
}
