import * as t from "io-ts";
import { isLeft } from "fp-ts/Either";
import type { JsonRpcClient, JsonRpcOutcome } from "../../shared/json-rpc-client";
import { isUnsupportedMethod } from "./rpc-errors";
import { quantityToNumber, toQuantity } from "../../shared/hex-values";
import { decodeBlock } from "./block-decoder";
import type { IndexedBlock } from "./indexed-block";
import type { InternalCreationFinder } from "./internal-creations";
import { RpcBlock, RpcReceipt } from "./rpc-codecs";

const RpcBlockHead = t.type({ number: t.string, hash: t.string });

function decodeOrThrow<A>(codec: t.Type<A, unknown, unknown>, value: unknown, what: string): A {
  const decoded = codec.decode(value);
  if (isLeft(decoded)) throw new Error(`${what}: unexpected shape ${JSON.stringify(value).slice(0, 200)}`);
  return decoded.right;
}

function resultOf(outcome: JsonRpcOutcome | undefined, what: string): unknown {
  if (outcome === undefined) throw new Error(`${what}: no answer`);
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

const chunk = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Reads blocks with their transactions and receipts in JSON-RPC batches. Receipts come from
 * eth_getBlockReceipts (one call per block) where the node has it, else per transaction.
 */
export class RpcBlockSource {
  private blockReceipts: boolean | undefined;

  constructor(
    private readonly client: JsonRpcClient,
    private readonly batchSize: number,
    /** Adds contracts made inside transactions (factories); without it only deployments are creations. */
    private readonly innerCreations?: InternalCreationFinder,
  ) {}

  /** The newest block's number and hash, in one call (the block stream checks the hash). */
  async head(): Promise<{ number: number; hash: string }> {
    const block = decodeOrThrow(
      RpcBlockHead,
      await this.client.request("eth_getBlockByNumber", ["latest", false]),
      "eth_getBlockByNumber latest",
    );
    return { number: quantityToNumber(block.number), hash: block.hash.toLowerCase() };
  }

  async headNumber(): Promise<number> {
    return quantityToNumber(
      decodeOrThrow(t.string, await this.client.request("eth_blockNumber", []), "eth_blockNumber"),
    );
  }

  /** Blocks `from..to` inclusive, in order. Batches go out concurrently, up to the client's cap. */
  async fetchRange(from: number, to: number): Promise<IndexedBlock[]> {
    // The node is asked once, on the first range, which creation source it serves.
    if (this.innerCreations !== undefined && this.innerCreations.source === undefined)
      await this.innerCreations.probe(to);
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const batches = await Promise.all(chunk(numbers, this.batchSize).map((group) => this.fetchBlocks(group)));
    return batches.flat();
  }

  private async fetchBlocks(numbers: readonly number[]): Promise<IndexedBlock[]> {
    const outcomes = await this.client.batch(
      numbers.map((n) => ({ method: "eth_getBlockByNumber", params: [toQuantity(n), true] })),
    );
    const blocks = outcomes.map((outcome, i) =>
      decodeOrThrow(RpcBlock, resultOf(outcome, `block ${numbers[i]}`), `block ${numbers[i]}`),
    );
    const withTransactions = blocks.filter((block) => block.transactions.length > 0);
    const receipts = await this.receiptsOf(withTransactions);
    const decoded = blocks.map((block) => decodeBlock(block, receipts));
    return this.innerCreations === undefined ? decoded : this.innerCreations.addTo(decoded);
  }

  private async receiptsOf(blocks: readonly RpcBlock[]): Promise<Map<string, RpcReceipt>> {
    if (blocks.length === 0) return new Map();
    if (this.blockReceipts !== false) {
      try {
        const receipts = await this.blockReceiptsOf(blocks);
        this.blockReceipts = true;
        return receipts;
      } catch (error) {
        if (this.blockReceipts === true || !isUnsupportedMethod(error)) throw error;
        this.blockReceipts = false;
      }
    }
    return this.transactionReceiptsOf(blocks);
  }

  private async blockReceiptsOf(blocks: readonly RpcBlock[]): Promise<Map<string, RpcReceipt>> {
    const outcomes = await this.client.batch(
      blocks.map((block) => ({ method: "eth_getBlockReceipts", params: [block.number] })),
    );
    const receipts = outcomes.flatMap((outcome, i) =>
      decodeOrThrow(
        t.array(RpcReceipt),
        resultOf(outcome, `receipts of block ${blocks[i]?.number}`),
        "eth_getBlockReceipts",
      ),
    );
    return new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]));
  }

  private async transactionReceiptsOf(blocks: readonly RpcBlock[]): Promise<Map<string, RpcReceipt>> {
    const hashes = blocks.flatMap((block) => block.transactions.map((tx) => tx.hash));
    const batches = await Promise.all(
      chunk(hashes, this.batchSize).map((group) =>
        this.client.batch(group.map((hash) => ({ method: "eth_getTransactionReceipt", params: [hash] }))),
      ),
    );
    const receipts = batches
      .flat()
      .map((outcome, i) =>
        decodeOrThrow(RpcReceipt, resultOf(outcome, `receipt ${hashes[i]}`), `receipt ${hashes[i]}`),
      );
    return new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]));
  }
}
