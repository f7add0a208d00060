import type { Pool } from "pg";
import { ZERO_ADDRESS } from "../../../domain/chain/address";
import type { TokenTransfer } from "../../../domain/chain/chain-types";
import type { IndexedBlock } from "../local-index/indexed-block";
import { rollBackChainIndex } from "./postgres-index-rollback";

/**
 * Writes a block range into the chain index tables in one transaction with the cursor, each table
 * in one multi-row INSERT (`unnest` of column arrays, one round trip however many rows), holder
 * balances as aggregated deltas. A crash mid-range leaves the cursor before it: the range is
 * written again, never twice.
 */
export class PostgresIndexWriter {
  constructor(private readonly pool: Pool) {}

  async addRange(blocks: readonly IndexedBlock[], from: number, to: number): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // Only the range right after the cursor: a second writer (one whose lock was lost) cannot duplicate.
      const cursor = await client.query<{ synced: string }>(
        "SELECT synced_to::text AS synced FROM chain_index_cursor WHERE id = 1 FOR UPDATE",
      );
      if (Number(cursor.rows[0]?.synced) !== from - 1)
        throw new Error(`chain index cursor is at ${cursor.rows[0]?.synced}, not ${from - 1}: another writer moved it`);
      const txs = blocks.flatMap((block) => block.transactions.map((tx, i) => ({ tx, i })));
      if (txs.length > 0) {
        await client.query(
          `INSERT INTO chain_index_transactions (block_number, tx_index, hash, ts, from_address, to_address, value, selector, success, contract_created)
           SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::numeric[], $8::text[], $9::bool[], $10::text[])`,
          [
            txs.map(({ tx }) => tx.blockNumber),
            txs.map(({ i }) => i),
            txs.map(({ tx }) => tx.hash),
            txs.map(({ tx }) => tx.timestamp),
            txs.map(({ tx }) => tx.from),
            txs.map(({ tx }) => tx.to),
            txs.map(({ tx }) => tx.value.toString()),
            txs.map(({ tx }) => tx.selector),
            txs.map(({ tx }) => tx.success),
            txs.map(({ tx }) => tx.contractCreated ?? null),
          ],
        );
      }
      const transfers = blocks.flatMap((block) => withParts(block.transfers));
      if (transfers.length > 0) {
        await client.query(
          `INSERT INTO chain_index_transfers (block_number, log_index, part, tx_hash, ts, standard, token, from_address, to_address, value, token_id)
           SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[], $10::numeric[], $11::numeric[])`,
          [
            transfers.map(({ t }) => t.blockNumber),
            transfers.map(({ t }) => t.logIndex),
            transfers.map(({ part }) => part),
            transfers.map(({ t }) => t.txHash),
            transfers.map(({ t }) => t.timestamp),
            transfers.map(({ t }) => t.standard),
            transfers.map(({ t }) => t.token),
            transfers.map(({ t }) => t.from),
            transfers.map(({ t }) => t.to),
            transfers.map(({ t }) => t.value.toString()),
            transfers.map(({ t }) => (t.tokenId === undefined ? null : t.tokenId.toString())),
          ],
        );
        await this.applyBalances(
          client,
          transfers.map(({ t }) => t),
        );
      }
      const creations = blocks.flatMap((block) => block.creations);
      if (creations.length > 0) {
        await client.query(
          `INSERT INTO chain_index_creations (contract, creator, origin, tx_hash, block_number, ts)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[]) ON CONFLICT (contract) DO NOTHING`,
          [
            creations.map((c) => c.contract),
            creations.map((c) => c.creator),
            creations.map((c) => c.origin ?? null),
            creations.map((c) => c.txHash),
            creations.map((c) => c.blockNumber),
            creations.map((c) => c.timestamp),
          ],
        );
      }
      await client.query("UPDATE chain_index_cursor SET synced_to = $1 WHERE id = 1", [to]);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Takes the blocks after `ancestor` back out (a reorganisation), with the cursor, in one transaction. */
  rollback(ancestor: number): Promise<void> {
    return rollBackChainIndex(this.pool, ancestor);
  }

  /** One upsert of summed deltas per (token, holder), then the holders who reached zero go. */
  private async applyBalances(client: { query: Pool["query"] }, transfers: readonly TokenTransfer[]): Promise<void> {
    const deltas = new Map<string, { token: string; holder: string; delta: bigint }>();
    const add = (token: string, holder: string, delta: bigint) => {
      if (holder === ZERO_ADDRESS) return;
      const key = `${token}:${holder}`;
      const entry = deltas.get(key) ?? { token, holder, delta: 0n };
      entry.delta += delta;
      deltas.set(key, entry);
    };
    for (const t of transfers) {
      // An ERC-721 transfer moves one unit, so a holder's balance is the number of NFTs held.
      add(t.token, t.from, -t.value);
      add(t.token, t.to, t.value);
    }
    const rows = [...deltas.values()].filter((d) => d.delta !== 0n);
    if (rows.length === 0) return;
    const [tokens, holders, amounts] = [
      rows.map((r) => r.token),
      rows.map((r) => r.holder),
      rows.map((r) => r.delta.toString()),
    ];
    await client.query(
      `INSERT INTO chain_index_balances (token, holder, balance)
       SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[])
       ON CONFLICT (token, holder) DO UPDATE SET balance = chain_index_balances.balance + EXCLUDED.balance`,
      [tokens, holders, amounts],
    );
    await client.query(
      `DELETE FROM chain_index_balances b USING unnest($1::text[], $2::text[]) AS t(token, holder)
       WHERE b.token = t.token AND b.holder = t.holder AND b.balance = 0`,
      [tokens, holders],
    );
  }
}

/** ERC-1155 batches expand one log into several transfers: `part` tells them apart. */
function withParts(transfers: readonly TokenTransfer[]): { t: TokenTransfer; part: number }[] {
  let previous = -1;
  let part = 0;
  return transfers.map((t) => {
    part = t.logIndex === previous ? part + 1 : 0;
    previous = t.logIndex;
    return { t, part };
  });
}
