import { AsyncLocalStorage } from "node:async_hooks";
import { type JsonRpcProvider, Network } from "ethers";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { UpstreamFailure } from "../../application/failures";
import type {
  CallOutcome,
  CallRequest,
  ChainReader,
  LogFilter,
  StateOverrides,
} from "../../application/ports/chain-reader.port";
import type { Address } from "../../domain/chain/address";
import type {
  AddressKind,
  BlockRef,
  CallTrace,
  EventLog,
  Hex,
  TokenMetadata,
  TransactionSimulation,
  TxHash,
  TxReceipt,
} from "../../domain/chain/chain-types";
import { CoalescingCache } from "../../application/caching/coalescing-cache";
import { ConcurrencyLimiter } from "../../application/concurrency-limiter";
import { asHex, quantityToBigInt, quantityToNumber, toQuantity } from "../shared/hex-values";
import { DEFAULT_RETRY_POLICY, retryWithBackoff, type RetryPolicy } from "../shared/retry-with-backoff";
import { upstreamTask } from "../shared/upstream-task";
import { decodeRevertReason, decodeWord, probeCalldata } from "./abi-probes";
import { classifyContract, isEoaCode, readTokenMetadata } from "./address-probing";
import { isTransientRpcError, revertDataOf } from "./ethers-errors";
import { toBlockRef, toEventLog, toTxReceipt } from "./ethers-mappers";
import { NativeJsonRpcProvider, nativeConnection } from "../shared/native-json-rpc-provider";
import { rpcEndpointsOf, type RpcTarget } from "../shared/rpc-endpoint-failover";
import { encodeStateOverrides } from "./state-overrides";
import { summarizeStructLogs } from "./struct-log-trace";
import { effectsOfStructLogs } from "./struct-log-effects";
import {
  CALL_TRACER_PROBE,
  callTraceOfCallFrames,
  callTracerLogsServed,
  simulationOfCallFrames,
} from "./call-tracer-frames";
import { refusesCallTracer, TracerChoice, type Tracer, type TracerSetting } from "./tracer-choice";

export interface EthersChainReaderOptions {
  /** One URL, or the RPC_URL list's failover shared with the other clients of the node. */
  readonly rpcUrl: RpcTarget;
  /** Known up front (static network): ethers then never spends a request detecting it. */
  readonly chainId: number;
  /** Per HTTP request, default 10 s. */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** Reads in flight at once (a batch of them is one HTTP request), default 16. */
  readonly maxConcurrent?: number;
  /** Simulations (eth_call with state overrides, debug_traceCall) in flight at once, each its own request; default 4. */
  readonly maxConcurrentSimulations?: number;
  /** How long a call waits for others to share its JSON-RPC batch, default 1 ms. */
  readonly batchStallMs?: number;
  /** Pinned reads kept for reuse (see atBlock), default 20,000, each at most 30 s. */
  readonly pinnedReadMemo?: { readonly maxEntries: number; readonly ttlMs: number };
  /** TRACE_TRACER: debug_traceCall's tracer; default auto (callTracer where served, else struct logs). */
  readonly tracer?: TracerSetting;
  /** Told once when `auto` has learnt which tracer the node serves. */
  readonly onTracerChosen?: (tracer: Tracer) => void;
}

/** A provider and the limit on its calls in flight. */
interface Lane {
  readonly provider: JsonRpcProvider;
  readonly limiter: ConcurrencyLimiter;
}

/** The block every read of an atBlock task is taken at, as a JSON-RPC block tag. */
interface Pin {
  readonly tag: string;
}

export const EthersChainReaderOptions = Symbol.for("EthersChainReaderOptions");

/** Simulations kept for reuse at their block (see `simulated`); their effects are a few KB each. */
const SIMULATIONS_KEPT = 1_000;

/** ChainReader over any JSON-RPC node through ethers v6. */
@injectable()
export class EthersChainReader implements ChainReader {
  /** Reads: quick, many, sent in JSON-RPC batches. */
  private readonly reads: Lane;
  /**
   * Simulations: a probe's eth_call with state overrides runs thousands of calls inside the node and can take a
   * hundred milliseconds. Batched with reads, it held every read of its batch until it was done (a batch is answered
   * as a whole), and a batch of them held every in-flight slot; in a lane of their own, one request each and a few at
   * a time, reads keep flowing past them. Cold batch of the 40 seeded addresses: median ~1.36 -> ~1.23 s (twelve
   * interleaved runs each; 2 at a time was slower, 8 no better).
   */
  private readonly simulations: Lane;
  private readonly retry: RetryPolicy;
  private readonly pin = new AsyncLocalStorage<Pin>();
  private pinnedTasks = 0;
  /**
   * Answers to pinned reads. State at a block does not change, so an answer is reused while the block stands (a
   * reorganisation drops the answers at the removed heights: `forgetPinnedAbove`). A failed read is not kept, and neither is a missing receipt or transaction (it may appear).
   */
  private readonly memo: CoalescingCache<unknown>;
  /**
   * Simulations by block and call. The same call at the same block runs the same way, so a transaction scanned again
   * before the next block (a wallet re-rendering its prompt, an agent checking what its wallet checks too) is not
   * traced again: on struct logs (the embedded EDR chain) that trace is ~97% of a warm scan. Kept like the pinned reads
   * (dropped with them on a reorganisation); one whose effects could not be traced is not kept (a tracer timeout is
   * about that one attempt).
   */
  private readonly simulated: CoalescingCache<TransactionSimulation>;
  /** Which tracer this node serves, learnt once (see TracerChoice). */
  private readonly tracer: TracerChoice;

  constructor(@inject(EthersChainReaderOptions) options: EthersChainReaderOptions) {
    const endpoints = rpcEndpointsOf(options.rpcUrl);
    const connection = nativeConnection(endpoints.primaryUrl);
    connection.timeout = options.timeoutMs ?? 10_000;
    // Retries are ours (429 and 5xx alike, with one policy); ethers' own 429 loop is switched off.
    connection.retryFunc = () => Promise.resolve(false);
    const network = Network.from(options.chainId);
    // ethers waits 10 ms by default before sending a batch: scoring reads in chains of dependent calls (a token
    // answer is ~150 calls, many waiting on the one before), so that stall, not the node, set a cold batch's pace.
    // Calls issued together in one tick still share a batch at 1 ms.
    this.reads = {
      provider: new NativeJsonRpcProvider(
        connection,
        network,
        {
          staticNetwork: network,
          batchStallTime: options.batchStallMs ?? 1,
        },
        endpoints,
      ),
      limiter: new ConcurrencyLimiter(options.maxConcurrent ?? 16),
    };
    this.simulations = {
      provider: new NativeJsonRpcProvider(connection, network, { staticNetwork: network, batchMaxCount: 1 }, endpoints),
      limiter: new ConcurrencyLimiter(options.maxConcurrentSimulations ?? 4),
    };
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.tracer = new TracerChoice(() => this.servesCallTracer(), options.tracer, options.onTracerChosen);
    this.memo = new CoalescingCache<unknown>(
      { nowMs: () => Date.now() },
      options.pinnedReadMemo?.ttlMs ?? 30_000,
      options.pinnedReadMemo?.maxEntries ?? 20_000,
      (answer) => answer !== null,
    );
    this.simulated = new CoalescingCache<TransactionSimulation>(
      { nowMs: () => Date.now() },
      options.pinnedReadMemo?.ttlMs ?? 30_000,
      SIMULATIONS_KEPT,
      (answer) => answer.effects !== null,
    );
  }

  /**
   * A reorganisation replaced the blocks after `ancestor`: answers pinned to them describe the removed branch, so
   * they go (the same number now names another block). Called by the block stream's reorganisation handling.
   */
  forgetPinnedAbove(ancestor: number): void {
    const removed = (key: string) => Number(key.slice(0, key.indexOf(" "))) > ancestor;
    this.memo.forget(removed);
    this.simulated.forget(removed);
  }

  atBlock<E, A>(blockNumber: number, task: TE.TaskEither<E, A>): TE.TaskEither<E, A> {
    return async () => {
      this.pinnedTasks++;
      try {
        return await this.pin.run({ tag: toQuantity(blockNumber) }, task);
      } finally {
        // On Node 20 a live AsyncLocalStorage puts a hook on every promise of the process: switched off while no
        // pinned task runs, so cached answers (most traffic) do not pay for it.
        if (--this.pinnedTasks === 0) this.pin.disable();
      }
    };
  }

  chainId(): TE.TaskEither<UpstreamFailure, number> {
    return this.task("eth_chainId", async () =>
      quantityToNumber(String(await this.rpc((p) => p.send("eth_chainId", [])))),
    );
  }

  headBlock(): TE.TaskEither<UpstreamFailure, BlockRef> {
    return this.task("head block", async () => {
      // Inside atBlock the head is the pinned block: "now" is the same for every part of the answer.
      const block = await this.pinned(
        () => `block`,
        (tag) => this.rpc((p) => p.getBlock(tag)),
      );
      if (block === null) throw new Error("node returned no latest block");
      return toBlockRef(block);
    });
  }

  block(number: number): TE.TaskEither<UpstreamFailure, BlockRef | null> {
    return this.task(`block ${number}`, async () => {
      const block = await this.pinned(
        () => `block ${number}`,
        () => this.rpc((p) => p.getBlock(number)),
      );
      return block === null ? null : toBlockRef(block);
    });
  }

  codeAt(address: Address): TE.TaskEither<UpstreamFailure, Hex> {
    return this.task(`code of ${address}`, () => this.code(address));
  }

  nativeBalance(address: Address): TE.TaskEither<UpstreamFailure, bigint> {
    return this.task(`balance of ${address}`, () =>
      this.pinned(
        () => `balance ${address}`,
        async (tag) => quantityToBigInt(String(await this.rpc((p) => p.send("eth_getBalance", [address, tag])))),
      ),
    );
  }

  nonce(address: Address): TE.TaskEither<UpstreamFailure, number> {
    return this.task(`nonce of ${address}`, () =>
      this.pinned(
        () => `nonce ${address}`,
        async (tag) =>
          quantityToNumber(String(await this.rpc((p) => p.send("eth_getTransactionCount", [address, tag])))),
      ),
    );
  }

  receipt(hash: TxHash): TE.TaskEither<UpstreamFailure, TxReceipt | null> {
    return this.task(`receipt ${hash}`, async () => {
      const receipt = await this.pinned(
        () => `receipt ${hash}`,
        () => this.rpc((p) => p.getTransactionReceipt(hash)),
      );
      return receipt === null ? null : toTxReceipt(receipt);
    });
  }

  logs(filter: LogFilter): TE.TaskEither<UpstreamFailure, readonly EventLog[]> {
    return this.task(`logs ${filter.fromBlock}..${filter.toBlock}`, async () => {
      const logs = await this.pinned(
        () => `logs ${JSON.stringify(filter)}`,
        () =>
          this.rpc((p) =>
            p.getLogs({
              address:
                typeof filter.address === "string" || filter.address === undefined
                  ? filter.address
                  : [...filter.address],
              topics: filter.topics?.map((topic) => (topic === null || typeof topic === "string" ? topic : [...topic])),
              fromBlock: filter.fromBlock,
              toBlock: filter.toBlock,
            }),
          ),
      );
      return logs.map(toEventLog);
    });
  }

  call(request: CallRequest, overrides?: StateOverrides): TE.TaskEither<UpstreamFailure, CallOutcome> {
    return this.task(`eth_call to ${request.to}`, () => this.ethCall(request, overrides));
  }

  storageAt(address: Address, slot: Hex): TE.TaskEither<UpstreamFailure, Hex> {
    return this.task(`storage ${slot} of ${address}`, async () =>
      asHex(
        await this.pinned(
          () => `storage ${address} ${slot}`,
          async (tag) => String(await this.rpc((p) => p.send("eth_getStorageAt", [address, slot, tag]))),
        ),
      ),
    );
  }

  traceCall(request: CallRequest): TE.TaskEither<UpstreamFailure, CallTrace | null> {
    return this.task(`trace of a call to ${request.to}`, async () => {
      const tx = {
        to: request.to,
        data: request.data,
        ...gasOf(request),
        ...(request.from === undefined ? {} : { from: request.from }),
      };
      const trace = (what: string, config: object) =>
        this.pinned(
          () => `trace ${what} ${JSON.stringify(tx)}`,
          (tag) => this.rpc((p) => p.send("debug_traceCall", [tx, tag, config]), this.simulations),
        );
      try {
        return await this.tracer.run(
          async () => callTraceOfCallFrames(await trace("calls", { tracer: "callTracer" })),
          async () =>
            summarizeStructLogs(
              await trace("steps", { disableMemory: true, disableStorage: true, enableReturnData: false }),
            ),
          () => Promise.resolve(null),
        );
      } catch (error) {
        // A node that refuses the method (or its params) answers the same every time: tracing is not served.
        if (isTransientRpcError(error)) throw error;
        return null;
      }
    });
  }

  simulate(request: CallRequest & { readonly gas?: bigint }): TE.TaskEither<UpstreamFailure, TransactionSimulation> {
    return this.task(`simulation of a call to ${request.to}`, async () => {
      // One block for every question: the outcome and the effects describe the same state.
      const head = await this.rpc((p) => p.getBlockNumber());
      const tag = toQuantity(head);
      const tx = {
        to: request.to,
        data: request.data,
        ...(request.from === undefined ? {} : { from: request.from }),
        ...(request.value === undefined ? {} : { value: toQuantity(request.value) }),
        ...(request.gas === undefined ? {} : { gas: toQuantity(request.gas) }),
      };
      const top = {
        from: request.from ?? (("0x" + "0".repeat(40)) as Address),
        to: request.to,
        value: request.value ?? 0n,
      };
      const untraced = async () => simulation(head, await this.sendCall([tx, tag], this.simulations), null);
      return this.simulated.get(`${tag} ${JSON.stringify(tx)}`, () =>
        this.tracer.run(
          () => this.simulateWithCallTracer(head, tx, tag, untraced),
          () => this.simulateWithStructLogs(head, tx, tag, top),
          untraced,
        ),
      );
    });
  }

  /**
   * One request: the call tree carries the outcome (the top frame's output or error) and the logs and value moves,
   * a few KB where struct logs are MBs. A failure that is about this call alone (not a refused tracer) leaves the
   * effects unknown and the outcome to eth_call, as a failed struct-log trace does.
   */
  private async simulateWithCallTracer(
    head: number,
    tx: object,
    tag: string,
    untraced: () => Promise<TransactionSimulation>,
  ): Promise<TransactionSimulation> {
    let answer: unknown;
    try {
      const config = { tracer: "callTracer", tracerConfig: { withLog: true } };
      answer = await this.rpc((p) => p.send("debug_traceCall", [tx, tag, config]), this.simulations);
    } catch (error) {
      if (isTransientRpcError(error) || refusesCallTracer(error)) throw error;
      return untraced();
    }
    const { outcome, logs, valueMoves } = simulationOfCallFrames(answer);
    return simulation(head, outcome, { logs, valueMoves });
  }

  /** Asked once per reader (see TracerChoice): any answer but a call tree with the probe's log means no. */
  private async servesCallTracer(): Promise<boolean> {
    try {
      const { tx, config } = CALL_TRACER_PROBE;
      return callTracerLogsServed(
        await this.rpc((p) => p.send("debug_traceCall", [tx, "latest", config]), this.simulations),
      );
    } catch (error) {
      if (isTransientRpcError(error)) throw error;
      return false;
    }
  }

  /** eth_call for the outcome beside debug_traceCall's struct logs (memory and stack) for the effects. */
  private async simulateWithStructLogs(
    head: number,
    tx: object,
    tag: string,
    top: { readonly from: Address; readonly to: Address; readonly value: bigint },
  ): Promise<TransactionSimulation> {
    const config = { disableMemory: false, disableStorage: true, enableReturnData: false };
    const [outcome, trace] = await Promise.all([
      this.sendCall([tx, tag], this.simulations),
      this.rpc((p) => p.send("debug_traceCall", [tx, tag, config]), this.simulations).catch((error: unknown) => {
        if (isTransientRpcError(error)) throw error;
        return null;
      }),
    ]);
    return simulation(head, outcome, trace === null || !outcome.ok ? null : effectsOfStructLogs(trace, top));
  }

  transactionInput(hash: TxHash): TE.TaskEither<UpstreamFailure, Hex | null> {
    return this.task(`input of ${hash}`, async () => {
      const tx = await this.pinned(
        () => `transaction ${hash}`,
        () => this.rpc((p) => p.getTransaction(hash)),
      );
      return tx === null ? null : asHex(tx.data);
    });
  }

  classify(address: Address): TE.TaskEither<UpstreamFailure, AddressKind> {
    return this.task(`classify ${address}`, async () =>
      isEoaCode(await this.code(address)) ? "eoa" : classifyContract((data) => this.ethCall({ to: address, data })),
    );
  }

  tokenMetadata(token: Address): TE.TaskEither<UpstreamFailure, TokenMetadata> {
    return this.task(`metadata of ${token}`, () => readTokenMetadata((data) => this.ethCall({ to: token, data })));
  }

  tokenBalance(token: Address, holder: Address): TE.TaskEither<UpstreamFailure, bigint> {
    return this.task(`balanceOf ${holder} on ${token}`, async () => {
      const outcome = await this.ethCall({ to: token, data: probeCalldata.balanceOf(holder) });
      const balance = outcome.ok ? decodeWord(outcome.returnData) : null;
      if (balance === null)
        throw new Error(
          outcome.ok ? "balanceOf answered no uint256" : `balanceOf reverted: ${outcome.reason ?? outcome.revertData}`,
        );
      return balance;
    });
  }

  /** Stops the providers' timers; call on shutdown. */
  close(): void {
    this.reads.provider.destroy();
    this.simulations.provider.destroy();
  }

  private async code(address: Address): Promise<Hex> {
    return asHex(
      await this.pinned(
        () => `code ${address}`,
        async (tag) => String(await this.rpc((p) => p.send("eth_getCode", [address, tag]))),
      ),
    );
  }

  /** A revert is an answer (sell simulation needs it); only transport and node faults throw. */
  private ethCall(request: CallRequest, overrides?: StateOverrides): Promise<CallOutcome> {
    const tx = {
      to: request.to,
      data: request.data,
      ...(request.from === undefined ? {} : { from: request.from }),
      ...(request.value === undefined ? {} : { value: toQuantity(request.value) }),
      ...gasOf(request),
    };
    const extra = overrides === undefined ? [] : [encodeStateOverrides(overrides)];
    return this.pinned(
      () => `call ${JSON.stringify([tx, ...extra])}`,
      (tag) => this.sendCall([tx, tag, ...extra], overrides === undefined ? this.reads : this.simulations),
    );
  }

  private async sendCall(params: readonly unknown[], lane: Lane): Promise<CallOutcome> {
    try {
      return { ok: true, returnData: asHex(String(await this.rpc((p) => p.send("eth_call", [...params]), lane))) };
    } catch (error) {
      const revertData = revertDataOf(error);
      if (revertData === null) throw error;
      const data = asHex(revertData);
      return { ok: false, revertData: data, reason: decodeRevertReason(data) };
    }
  }

  /**
   * A read at the pinned block, made once per distinct question while the answer is kept; outside atBlock, a read
   * at "latest", every time. A revert is kept like any answer (the same call at the same block reverts again).
   * `what` names the question; it is written only when pinned (a call's is its whole body, overrides included).
   */
  private pinned<T>(what: () => string, read: (tag: string) => Promise<T>): Promise<T> {
    const pin = this.pin.getStore();
    if (pin === undefined) return read("latest");
    return this.memo.get(`${pin.tag} ${what()}`, () => read(pin.tag)) as Promise<T>;
  }

  private rpc<T>(run: (provider: JsonRpcProvider) => Promise<T>, lane: Lane = this.reads): Promise<T> {
    return lane.limiter.run(() => retryWithBackoff(() => run(lane.provider), isTransientRpcError, this.retry));
  }

  private task<T>(what: string, run: () => Promise<T>): TE.TaskEither<UpstreamFailure, T> {
    return upstreamTask("rpc", what, run);
  }
}

/** A reverted call leaves no effects (known: none); an untraced one leaves them unknown (null). */
function simulation(
  blockNumber: number,
  outcome: CallOutcome,
  effects: TransactionSimulation["effects"],
): TransactionSimulation {
  return { blockNumber, outcome, effects: outcome.ok ? effects : { logs: [], valueMoves: [] } };
}

/** The call's own gas limit when it names one; otherwise the node's (a block's gas on most nodes). */
function gasOf(request: CallRequest): { gas?: string } {
  return request.gas === undefined ? {} : { gas: toQuantity(request.gas) };
}
