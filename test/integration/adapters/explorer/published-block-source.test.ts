import { expect } from "chai";
import {
  FollowedBlockStream,
  type BlockSource,
} from "../../../../src/adapters/explorer/local-index/followed-block-stream";
import { PostgresLease, type LeaseChange } from "../../../../src/adapters/shared/postgres-lease";
import { PublishedBlockSource } from "../../../../src/adapters/explorer/postgres-stream/published-block-source";
import type { StreamedBlock } from "../../../../src/application/ports/block-stream.port";
import type { Address } from "../../../../src/domain/chain/address";
import type { TxHash } from "../../../../src/domain/chain/chain-types";
import { migratedSchema, type MigratedSchema } from "../../../support/migrated-schema";
import { FakeBlockChain } from "../../../support/fakes/fake-block-chain";

const CHAIN = 5042002;
const hex = (n: number, width: number) => "0x" + n.toString(16).padStart(width, "0");

/** Block n with one transaction whose value is past 2^53 (bigints must survive the round trip). */
function block(n: number): StreamedBlock {
  const from = hex(1, 40) as Address;
  return {
    number: n,
    timestamp: 1_700_000_000 + n,
    transactions: [
      {
        hash: hex(n, 64) as TxHash,
        blockNumber: n,
        timestamp: 1_700_000_000 + n,
        from,
        to: hex(2, 40) as Address,
        value: 10n ** 24n + BigInt(n),
        selector: "0x",
        success: true,
      },
    ],
    transfers: [],
    creations: [],
    activity: {
      number: n,
      hash: hex(n + 1000, 64),
      parentHash: hex(n + 999, 64),
      timestamp: 0,
      transactions: [],
      logs: [],
    },
  };
}

/** The node: blocks 0..head, counting what it was asked for. */
function fakeNode(head: number) {
  const asked: [number, number][] = [];
  const node: BlockSource = {
    head: async () => ({ number: head, hash: block(head).activity.hash }),
    fetchRange: async (from, to) => {
      asked.push([from, to]);
      return Array.from({ length: to - from + 1 }, (_, i) => block(from + i));
    },
  };
  return { node, asked };
}

describe("one chain follower per deployment: the lease and the published blocks (PostgreSQL)", function () {
  this.timeout(60_000);
  let db: MigratedSchema;
  before(async () => {
    db = await migratedSchema("chain_follower", 6);
  });
  after(async () => db?.drop());

  it("one instance holds the lease; a successor takes it over once it expires, or at once when handed back", async () => {
    const changes: string[] = [];
    const lease = (holder: string) =>
      new PostgresLease({
        pool: db.pool,
        table: "chain_follower_lease",
        chainId: CHAIN,
        holder,
        leaseSeconds: 3,
        onChange: (c: LeaseChange) =>
          changes.push(`${holder} ${c.kind}${c.kind === "took over" ? ` ${c.previous}` : ""}`),
        onError: (error) => changes.push(`${holder} error ${String(error)}`),
      });
    const a = lease("a");
    const b = lease("b");
    await a.start();
    await b.start();
    expect([a.held, b.held]).to.deep.equal([true, false]);
    // a is "killed": it stops renewing, and its lease runs out (b, stopped, cannot take it meanwhile).
    await b.stop();
    await a.stop();
    await db.pool.query("INSERT INTO chain_follower_lease VALUES ($1, 'a', now() - interval '1 second')", [CHAIN]);
    const c = lease("c");
    await c.start();
    expect(c.held).to.equal(true);
    expect(changes).to.deep.equal(["a became", "c took over a"]);
    await c.stop();
    // Handed back cleanly: the next one simply becomes the follower.
    const d = lease("d");
    await d.start();
    expect(d.held).to.equal(true);
    expect(changes.at(-1)).to.equal("d became");
    await d.stop();
  });

  it("the leader publishes what it reads; a reader gets the same blocks from PostgreSQL, the node only for gaps", async () => {
    const leaderNode = fakeNode(20);
    const readerNode = fakeNode(20);
    const onError = (error: unknown) => {
      throw error;
    };
    const leader = new PublishedBlockSource(leaderNode.node, {
      pool: db.pool,
      chainId: CHAIN,
      leader: () => true,
      onError,
    });
    const reader = new PublishedBlockSource(readerNode.node, {
      pool: db.pool,
      chainId: CHAIN,
      leader: () => false,
      onError,
    });
    // Nothing published yet: a reader follows the node's head (an empty index must not be its answer).
    expect(await reader.head()).to.deep.equal({ number: 20, hash: block(20).activity.hash });
    expect((await leader.head())?.number).to.equal(20);
    const read = await leader.fetchRange(10, 15);
    await leader.fetchRange(10, 12); // read again by a successor: kept once
    expect(await reader.head()).to.deep.equal({ number: 15, hash: block(15).activity.hash });
    expect(await reader.fetchRange(10, 15)).to.deep.equal(read);
    expect(readerNode.asked).to.deep.equal([]);
    // Blocks never published (before the first leader) come from the node, in order with the rest.
    const mixed = await reader.fetchRange(7, 12);
    expect(mixed.map((b) => b.number)).to.deep.equal([7, 8, 9, 10, 11, 12]);
    expect(mixed[0]!.transactions[0]!.value).to.equal(10n ** 24n + 7n);
    expect(readerNode.asked).to.deep.equal([[7, 9]]);
    const rows = await db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM chain_blocks");
    expect(rows.rows[0]?.n).to.equal(6);
  });

  it("a reorganisation: the leader deletes the removed blocks' rows and publishes the new branch; a reader follows", async () => {
    const chainId = CHAIN + 1;
    const node = new FakeBlockChain(20);
    const onError = (error: unknown) => {
      throw error;
    };
    const follow = (leader: boolean, from = -1) => {
      const source = new PublishedBlockSource(node, { pool: db.pool, chainId, leader: () => leader, onError });
      const stream = new FollowedBlockStream(source, {
        confirmations: 0,
        blocksPerStep: 50,
        pollIntervalMs: 10,
        onError,
        maxReorgDepth: 8,
        onReorg: () => undefined,
      });
      const kept = new Map<number, string>();
      let at = from;
      stream.subscribe({
        name: leader ? "leader" : "reader",
        position: () => at,
        receive: async (blocks, _from, to) => {
          for (const b of blocks) kept.set(b.number, b.activity.hash);
          at = to;
        },
        rollback: async ({ ancestor }) => {
          for (const n of [...kept.keys()]) if (n > ancestor.number) kept.delete(n);
          at = ancestor.number;
        },
      });
      return { stream, kept };
    };
    const published = async () =>
      (
        await db.pool.query<{ number: string; hash: string }>(
          "SELECT number::text, hash FROM chain_blocks WHERE chain_id = $1 ORDER BY chain_blocks.number",
          [chainId],
        )
      ).rows.map((r) => `${r.number}:${r.hash}`);
    const onChain = () => node.blocks.map((b) => `${b.number}:${b.activity.hash}`);
    const leader = follow(true);
    const reader = follow(false);
    await leader.stream.syncOnce();
    await reader.stream.syncOnce();
    expect(reader.kept.get(19)).to.equal("0xa-19");

    // Three blocks reverted, one other mined: the node's head is two below the published one.
    node.fork(3, 1, "b");
    await leader.stream.syncOnce();
    expect(await published()).to.deep.equal(onChain());
    const fetched = node.fetched.length;
    await reader.stream.syncOnce();
    expect([...reader.kept.entries()].map(([n, h]) => `${n}:${h}`)).to.deep.equal(onChain());
    // The reader found the change and the new block in PostgreSQL, without asking the node.
    expect(node.fetched.length).to.equal(fetched);
  });

  it("a reorganisation while every instance was down is found at the restart, against the published blocks", async () => {
    const chainId = CHAIN + 2;
    const node = new FakeBlockChain(20);
    const onError = (error: unknown) => {
      throw error;
    };
    const start = (position: number) => {
      const source = new PublishedBlockSource(node, { pool: db.pool, chainId, leader: () => true, onError });
      const stream = new FollowedBlockStream(source, {
        confirmations: 0,
        blocksPerStep: 50,
        pollIntervalMs: 10,
        onError,
        maxReorgDepth: 8,
        onReorg: () => undefined,
      });
      // A durable subscriber (the PostgreSQL index writer): its position survives the restart.
      const rollbacks: number[] = [];
      stream.subscribe({
        name: "durable index",
        position: () => position,
        receive: async (_blocks, _from, to) => void (position = to),
        rollback: async ({ ancestor }) => {
          rollbacks.push(ancestor.number);
          position = ancestor.number;
        },
      });
      return { stream, rollbacks, position: () => position };
    };
    const first = start(-1);
    await first.stream.syncOnce();
    expect(first.position()).to.equal(19);
    // Down; meanwhile the chain drops three blocks and mines four others.
    node.fork(3, 4, "b");
    const restarted = start(19);
    await restarted.stream.syncOnce();
    expect(restarted.rollbacks).to.deep.equal([16]);
    expect(restarted.position()).to.equal(20);
    const published = await db.pool.query<{ hash: string }>(
      "SELECT hash FROM chain_blocks WHERE chain_id = $1 ORDER BY chain_blocks.number",
      [chainId],
    );
    expect(published.rows.map((r) => r.hash)).to.deep.equal(node.blocks.map((b) => b.activity.hash));
  });
});
