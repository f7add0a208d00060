import type { Pool } from "pg";
import { ZERO_ADDRESS } from "../../../domain/chain/address";

/**
 * Takes the blocks after `ancestor` back out, in one transaction with the cursor: balances get the
 * removed transfers' deltas back (from the transfer rows themselves), then the removed blocks'
 * transactions, transfers and first creation records go. A cursor at or below `ancestor` is left as is.
 */
export async function rollBackChainIndex(pool: Pool, ancestor: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const cursor = await client.query<{ synced: string }>(
      "SELECT synced_to::text AS synced FROM chain_index_cursor WHERE id = 1 FOR UPDATE",
    );
    if (Number(cursor.rows[0]?.synced) <= ancestor) {
      await client.query("ROLLBACK");
      return;
    }
    await client.query(
      `WITH moved AS (
         SELECT token, from_address AS holder, value AS delta FROM chain_index_transfers
         WHERE block_number > $1 AND from_address <> $2
         UNION ALL
         SELECT token, to_address, -value FROM chain_index_transfers WHERE block_number > $1 AND to_address <> $2),
       summed AS (SELECT token, holder, sum(delta) AS delta FROM moved GROUP BY token, holder)
       INSERT INTO chain_index_balances (token, holder, balance) SELECT token, holder, delta FROM summed
       ON CONFLICT (token, holder) DO UPDATE SET balance = chain_index_balances.balance + EXCLUDED.balance`,
      [ancestor, ZERO_ADDRESS],
    );
    await client.query(
      `DELETE FROM chain_index_balances b USING (
         SELECT token, from_address AS holder FROM chain_index_transfers WHERE block_number > $1
         UNION SELECT token, to_address FROM chain_index_transfers WHERE block_number > $1) t
       WHERE b.token = t.token AND b.holder = t.holder AND b.balance = 0`,
      [ancestor],
    );
    await client.query("DELETE FROM chain_index_transfers WHERE block_number > $1", [ancestor]);
    await client.query("DELETE FROM chain_index_transactions WHERE block_number > $1", [ancestor]);
    // The first record of a contract wins, so a row from a removed block was that block's.
    await client.query("DELETE FROM chain_index_creations WHERE block_number > $1", [ancestor]);
    await client.query("UPDATE chain_index_cursor SET synced_to = $1 WHERE id = 1", [ancestor]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
