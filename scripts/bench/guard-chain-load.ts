import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";

/** A watched contract: a fresh address only this bench's subscriptions name (a plain call to it is activity). */
export const freshAddress = (): string => `0x${randomBytes(20).toString("hex")}`;

/** What one mined block carried, and when it was asked for (the start of its block-to-alert latency). */
export interface MinedBlock {
  readonly number: number;
  /** performance.now() just before evm_mine was sent: the latency includes mining itself. */
  readonly minedAt: number;
  /** Transactions to watched contracts in it: each is one alert on one webhook channel. */
  readonly watchedCalls: number;
  /** Those calls with the hash eth_sendTransaction answered for each (whether they were mined: `receipts`). */
  readonly sent: readonly SentCall[];
}

/** A watched call the bench sent, by the hash the node gave it. */
export interface SentCall {
  readonly from: string;
  readonly to: string;
  readonly hash: string;
}

/** Where a sent transaction ended up, as the node's receipt says (null: not mined). */
export interface MinedReceipt {
  readonly hash: string;
  readonly blockNumber: number;
  readonly succeeded: boolean;
}

/** One call to a watched contract: `from` (an impersonated sender) calls `to` with 1 wei. */
export interface WatchedCall {
  readonly from: string;
  readonly to: string;
}

interface RpcAnswer {
  readonly id: number;
  readonly result?: unknown;
  readonly error?: { readonly message: string };
}

/**
 * Drives the seeded chain (served on its own, as RPC mode meets a node) for the guard bench: impersonated
 * senders, automine off, and one block every interval holding the calls the caller names for it.
 * Plain JSON-RPC over fetch, so nothing here batches or delays what the bench times.
 */
export class GuardChainLoad {
  private nextId = 1;

  constructor(private readonly rpcUrl: string) {}

  /** Senders the chain will sign for (hardhat_impersonateAccount), funded; then blocks are mined only on request. */
  async prepare(senders: readonly string[]): Promise<void> {
    await this.batch(
      senders.flatMap((s) => [
        { method: "hardhat_impersonateAccount", params: [s] },
        { method: "hardhat_setBalance", params: [s, "0x56BC75E2D63100000"] },
      ]),
    );
    await this.batch([{ method: "evm_setAutomine", params: [false] }]);
  }

  /** Back to one block per transaction, as the seeded chain runs otherwise. */
  async release(): Promise<void> {
    await this.batch([{ method: "evm_setAutomine", params: [true] }]);
  }

  /**
   * Mines `blocks` blocks, one every `intervalMs` on a fixed schedule (a late block does not push the
   * next ones back), each holding `callsFor(i)`; returns what each carried and when it was mined.
   * `beforeBlock(i)`, when given, runs at block i's slot before its calls are sent (the leader kill).
   */
  async mine(
    blocks: number,
    intervalMs: number,
    callsFor: (i: number) => readonly WatchedCall[],
    beforeBlock?: (i: number) => Promise<void>,
  ): Promise<MinedBlock[]> {
    const mined: MinedBlock[] = [];
    const start = performance.now();
    for (let i = 0; i < blocks; i++) {
      const wait = start + i * intervalMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (beforeBlock !== undefined) await beforeBlock(i);
      const calls = callsFor(i);
      const hashes =
        calls.length === 0
          ? []
          : await this.batch(
              // Gas stated (a plain transfer's 21,000): left out, the node reserves its block gas limit per transaction
              // and a block holds one.
              calls.map((c) => ({
                method: "eth_sendTransaction",
                params: [{ from: c.from, to: c.to, value: "0x1", gas: "0x5208" }],
              })),
            );
      const minedAt = performance.now();
      await this.batch([{ method: "evm_mine", params: [] }]);
      const [head] = await this.batch([{ method: "eth_blockNumber", params: [] }]);
      const sent = calls.map((c, k) => ({ ...c, hash: String(hashes[k]) }));
      mined.push({ number: Number(head), minedAt, watchedCalls: calls.length, sent });
    }
    return mined;
  }

  /** The node's receipts for `hashes`, asked after the run (not on the timed path), 200 a batch. */
  async receipts(hashes: readonly string[]): Promise<MinedReceipt[]> {
    const out: MinedReceipt[] = [];
    for (let i = 0; i < hashes.length; i += 200) {
      const chunk = hashes.slice(i, i + 200);
      const answers = await this.batch(chunk.map((h) => ({ method: "eth_getTransactionReceipt", params: [h] })));
      answers.forEach((answer, k) => {
        const receipt = answer as { blockNumber?: string; status?: string } | null;
        if (receipt?.blockNumber !== undefined)
          out.push({ hash: chunk[k]!, blockNumber: Number(receipt.blockNumber), succeeded: receipt.status === "0x1" });
      });
    }
    return out;
  }

  /** One JSON-RPC batch; any error fails the bench (a refused transaction would be an alert never expected). */
  private async batch(calls: readonly { method: string; params: readonly unknown[] }[]): Promise<unknown[]> {
    const body = calls.map((c) => ({ jsonrpc: "2.0", id: this.nextId++, method: c.method, params: c.params }));
    const response = await fetch(this.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answers = (await response.json()) as RpcAnswer[];
    const byId = new Map(answers.map((a) => [a.id, a]));
    return body.map((request) => {
      const answer = byId.get(request.id);
      if (answer === undefined || answer.error !== undefined)
        throw new Error(`${request.method}: ${answer?.error?.message ?? "no answer"}`);
      return answer.result;
    });
  }
}
