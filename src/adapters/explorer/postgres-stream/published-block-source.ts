import type { Pool } from "pg";
import type { StreamedBlock } from "../../../application/ports/block-stream.port";
import type { BlockSource, ChainHead } from "../local-index/followed-block-stream";

/** Blocks kept in chain_blocks behind the newest published (a reader further behind reads the node). */
const RETAINED_BLOCKS = 2_000;
/** The holder prunes once per this many published ranges. */
const PRUNE_EVERY = 50;

const encode = (block: StreamedBlock): string =>
  JSON.stringify(block, (_key, value: unknown) => (typeof value === "bigint" ? { $bigint: value.toString() } : value));

function decode(text: string, number: number, hash: string): StreamedBlock {
  const block = JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== "object" || value === null) return value;
    const big = (value as { $bigint?: unknown }).$bigint;
    return typeof big === "string" && Object.keys(value).length === 1 ? BigInt(big) : value;
  }) as StreamedBlock;
  // What the holder wrote is checked against the row it wrote it in; a mismatch is a bug, not a block.
  if (block?.number !== number || block.activity?.hash !== hash || !Array.isArray(block.transactions))
    throw new Error(`chain_blocks row ${number} does not hold block ${number} (${hash})`);
  return block;
}

export interface PublishedBlockSourceOptions {
  readonly pool: Pool;
  readonly chainId: number;
  /** True while this instance holds the follower lease. */
  readonly leader: () => boolean;
  /** A publish that failed (readers fall back to the node for the missing blocks). */
  readonly onError: (error: unknown) => void;
}

/**
 * One chain follower per deployment: the lease holder reads the node and publishes every block it reads
 * to chain_blocks (once per number: a successor re-reading a block keeps the first copy); every other
 * instance reads the published head and blocks from there, never the node's head. A block a reader
 * needs that is not (or no longer) published - history from before the first holder, or pruned - is
 * read from the node, so nothing is skipped.
 */
export class PublishedBlockSource implements BlockSource {
  private published = 0;

  constructor(
    private readonly node: BlockSource,
    private readonly options: PublishedBlockSourceOptions,
  ) {}

  async head(): Promise<ChainHead | null> {
    if (this.options.leader()) return this.node.head();
    const { rows } = await this.options.pool.query<{ number: string; hash: string }>(
      `SELECT number::text, hash FROM chain_blocks WHERE chain_id = $1 ORDER BY chain_blocks.number DESC LIMIT 1`,
      [this.options.chainId],
    );
    const row = rows[0];
    // Nothing published yet (the holder has only just started): the node's head, as a holder's, so this instance
    // indexes from the node rather than answering from an empty index (fetchRange reads unpublished blocks there).
    return row === undefined ? this.node.head() : { number: Number(row.number), hash: row.hash };
  }

  /** The newest published blocks: what the deployment's subscribers were handed before this process started. */
  async handedOutBefore(count: number): Promise<readonly ChainHead[]> {
    const { rows } = await this.options.pool.query<{ number: string; hash: string }>(
      `SELECT number::text, hash FROM chain_blocks WHERE chain_id = $1 ORDER BY chain_blocks.number DESC LIMIT $2`,
      [this.options.chainId, count],
    );
    return rows.reverse().map((row) => ({ number: Number(row.number), hash: row.hash }));
  }

  async fetchRange(from: number, to: number): Promise<StreamedBlock[]> {
    if (this.options.leader()) {
      const blocks = await this.node.fetchRange(from, to);
      await this.publish(blocks).catch(this.options.onError);
      return blocks;
    }
    const { rows } = await this.options.pool.query<{ number: string; hash: string; block: string }>(
      `SELECT number::text, hash, block FROM chain_blocks WHERE chain_id = $1 AND number BETWEEN $2 AND $3
       ORDER BY number`,
      [this.options.chainId, from, to],
    );
    const found = new Map(rows.map((row) => [Number(row.number), decode(row.block, Number(row.number), row.hash)]));
    const blocks: StreamedBlock[] = [];
    for (let n = from; n <= to;) {
      const kept = found.get(n);
      if (kept !== undefined) {
        blocks.push(kept);
        n++;
        continue;
      }
      let end = n;
      while (end + 1 <= to && !found.has(end + 1)) end++;
      blocks.push(...(await this.node.fetchRange(n, end)));
      n = end + 1;
    }
    return blocks;
  }

  /**
   * The holder's stream found that the blocks after `ancestor` were replaced: their rows go (one statement),
   * so the new branch is published in their place (rows are written once per number) and readers see the
   * published head go back, find the change themselves and roll back too. A reader leaves the table to the
   * holder. A failure fails the stream's pass: the reorganisation is found again, and this tried again.
   */
  async rollback(ancestor: number): Promise<void> {
    if (!this.options.leader()) return;
    await this.options.pool.query("DELETE FROM chain_blocks WHERE chain_id = $1 AND number > $2", [
      this.options.chainId,
      ancestor,
    ]);
  }

  private async publish(blocks: readonly StreamedBlock[]): Promise<void> {
    if (blocks.length === 0) return;
    await this.options.pool.query(
      `INSERT INTO chain_blocks (chain_id, number, hash, block)
       SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[]) ON CONFLICT DO NOTHING`,
      [this.options.chainId, blocks.map((b) => b.number), blocks.map((b) => b.activity.hash), blocks.map(encode)],
    );
    if (++this.published % PRUNE_EVERY !== 0) return;
    const newest = blocks.at(-1)!.number;
    await this.options.pool.query("DELETE FROM chain_blocks WHERE chain_id = $1 AND number < $2", [
      this.options.chainId,
      newest - RETAINED_BLOCKS,
    ]);
  }
}
