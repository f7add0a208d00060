import { isRight } from "fp-ts/Either";
import type * as t from "io-ts";
import type { Address } from "../../../domain/chain/address";
import type { ContractCreation } from "../../../domain/chain/chain-types";
import { JsonRpcError, type JsonRpcClient, type JsonRpcOutcome } from "../../shared/json-rpc-client";
import { asTxHash, toQuantity } from "../../shared/hex-values";
import { creationClaimsIn } from "./creation-logs";
import {
  CallTracerBlock,
  creationsFromCallTracer,
  creationsFromParityTraces,
  ParityTraceBlock,
  type InnerCreation,
} from "./creation-traces";
import type { IndexedBlock } from "./indexed-block";

/**
 * Where contracts created by other contracts come from, best first: geth-style call traces, Parity-style
 * traces, well-known factory events (only what those factories make), or nothing.
 */
export type CreationSource = "callTracer" | "parityTrace" | "factoryLogs" | "off";

/** `auto` probes the node; `off` indexes top-level deployments only (and is what the benchmark compares against). */
export type InternalCreationsSetting = "auto" | "off";

function resultOf(outcome: JsonRpcOutcome | undefined, what: string): unknown {
  if (outcome === undefined) throw new Error(`${what}: no answer`);
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

function decoded<A>(codec: t.Type<A, unknown, unknown>, value: unknown, what: string): A {
  const result = codec.decode(value);
  if (!isRight(result)) throw new Error(`${what}: unexpected shape ${JSON.stringify(value).slice(0, 200)}`);
  return result.right;
}

/**
 * Finds the contracts made inside a range's transactions and adds them to its blocks' creations, with
 * the factory as creator and the transaction's sender as origin. Holds nothing between ranges.
 */
export class InternalCreationFinder {
  private chosen: CreationSource | undefined;
  /** Factory-event claims the node could not confirm (no historical state): skipped, not guessed. */
  unconfirmedClaims = 0;

  constructor(
    private readonly client: JsonRpcClient,
    private readonly setting: InternalCreationsSetting = "auto",
    private readonly onChosen: (source: CreationSource) => void = () => {},
  ) {}

  get source(): CreationSource | undefined {
    return this.chosen;
  }

  /** Asks the node once, by tracing the head block, which source it serves. */
  async probe(head: number): Promise<CreationSource> {
    if (this.chosen !== undefined) return this.chosen;
    this.chosen = await this.servedSource(head);
    this.onChosen(this.chosen);
    return this.chosen;
  }

  private async servedSource(head: number): Promise<CreationSource> {
    if (this.setting === "off") return "off";
    const block = toQuantity(head);
    if (await this.serves("debug_traceBlockByNumber", [block, { tracer: "callTracer" }], CallTracerBlock))
      return "callTracer";
    if (await this.serves("trace_block", [block], ParityTraceBlock)) return "parityTrace";
    return "factoryLogs";
  }

  async addTo(blocks: readonly IndexedBlock[]): Promise<IndexedBlock[]> {
    const source = this.chosen;
    if (source === undefined) throw new Error("InternalCreationFinder: probe() first");
    const busy = blocks.filter((block) => block.transactions.length > 0);
    if (source === "off" || busy.length === 0) return [...blocks];
    const found =
      source === "callTracer"
        ? await this.fromCallTracer(busy)
        : source === "parityTrace"
          ? await this.fromParityTraces(busy)
          : await this.fromFactoryLogs(busy);
    return blocks.map((block) => withInner(block, found.get(block.number) ?? []));
  }

  private async serves(method: string, params: unknown[], codec: t.Decoder<unknown, unknown>): Promise<boolean> {
    try {
      return isRight(codec.decode(await this.client.request(method, params)));
    } catch (error) {
      // Unsupported, disabled namespace, or a refused tracer: all mean "not here".
      if (error instanceof JsonRpcError) return false;
      throw error;
    }
  }

  private async traces(method: string, blocks: readonly IndexedBlock[], extra: unknown[]): Promise<unknown[]> {
    const outcomes = await this.client.batch(
      blocks.map((block) => ({ method, params: [toQuantity(block.number), ...extra] })),
    );
    return blocks.map((block, i) => resultOf(outcomes[i], `${method} ${block.number}`));
  }

  private async fromCallTracer(blocks: readonly IndexedBlock[]): Promise<Map<number, InnerCreation[]>> {
    const results = await this.traces("debug_traceBlockByNumber", blocks, [{ tracer: "callTracer" }]);
    return new Map(
      blocks.map((block, i) => [
        block.number,
        creationsFromCallTracer(
          decoded(CallTracerBlock, results[i], `callTracer ${block.number}`),
          block.transactions.map((tx) => tx.hash),
        ),
      ]),
    );
  }

  private async fromParityTraces(blocks: readonly IndexedBlock[]): Promise<Map<number, InnerCreation[]>> {
    const results = await this.traces("trace_block", blocks, []);
    return new Map(
      blocks.map((block, i) => [
        block.number,
        creationsFromParityTraces(decoded(ParityTraceBlock, results[i], `trace_block ${block.number}`)),
      ]),
    );
  }

  /**
   * A claim counts only when the named address had no code before its block and has code after it, was
   * not deployed by a transaction, and no other emitter in the range claims it too (then none is believed).
   */
  private async fromFactoryLogs(blocks: readonly IndexedBlock[]): Promise<Map<number, InnerCreation[]>> {
    const claims = blocks.flatMap((block) => {
      const deployed = new Set(block.creations.map((c) => c.contract));
      return creationClaimsIn(block.activity.logs)
        .filter((claim) => block.number > 0 && !deployed.has(claim.contract))
        .map((claim) => ({ claim, block: block.number }));
    });
    const creators = new Map<Address, Set<Address>>();
    for (const { claim } of claims)
      creators.set(claim.contract, (creators.get(claim.contract) ?? new Set()).add(claim.creator));
    const seen = new Set<Address>();
    const single = claims.filter(({ claim }) => {
      if (creators.get(claim.contract)?.size !== 1 || seen.has(claim.contract)) return false;
      seen.add(claim.contract);
      return true;
    });
    if (single.length === 0) return new Map();
    const outcomes = await this.client.batch(
      single.flatMap(({ claim, block }) => [
        { method: "eth_getCode", params: [claim.contract, toQuantity(block - 1)] },
        { method: "eth_getCode", params: [claim.contract, toQuantity(block)] },
      ]),
    );
    const found = new Map<number, InnerCreation[]>();
    single.forEach(({ claim, block }, i) => {
      const [before, after] = [outcomes[2 * i], outcomes[2 * i + 1]];
      if (!before?.ok || !after?.ok) return void this.unconfirmedClaims++;
      if (before.result !== "0x" || typeof after.result !== "string" || after.result === "0x") return;
      found.set(block, [...(found.get(block) ?? []), claim]);
    });
    return found;
  }
}

/** The block with its inner creations added after its deployments (the first record of a contract wins). */
function withInner(block: IndexedBlock, inner: readonly InnerCreation[]): IndexedBlock {
  if (inner.length === 0) return block;
  const origins = new Map(block.transactions.map((tx) => [tx.hash as string, tx.from]));
  const known = new Set(block.creations.map((c) => c.contract));
  const creations: ContractCreation[] = [...block.creations];
  for (const found of inner) {
    const origin = origins.get(found.txHash);
    if (origin === undefined) throw new Error(`block ${block.number}: creation in unknown transaction ${found.txHash}`);
    if (known.has(found.contract)) continue;
    known.add(found.contract);
    creations.push({
      contract: found.contract,
      creator: found.creator,
      origin,
      txHash: asTxHash(found.txHash),
      blockNumber: block.number,
      timestamp: block.timestamp,
    });
  }
  return { ...block, creations };
}
