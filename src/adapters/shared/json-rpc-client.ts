import * as t from "io-ts";
import { isLeft } from "fp-ts/Either";
import { ConcurrencyLimiter } from "../../application/concurrency-limiter";
import { fetchJson, isTransientHttpFailure, MalformedBodyError } from "./http-json";
import { rpcEndpointsOf, type RpcEndpointFailover, type RpcTarget } from "./rpc-endpoint-failover";
import { DEFAULT_RETRY_POLICY, retryWithBackoff, type RetryPolicy } from "./retry-with-backoff";

export interface JsonRpcClientOptions {
  /** One URL, or the RPC_URL list's failover shared with the other clients of the node. */
  readonly url: RpcTarget;
  /** Per HTTP request; a batch counts as one request. */
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  /** Requests (single or batch) in flight at once. */
  readonly maxConcurrent?: number;
}

export interface JsonRpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** The node answered, with an error object instead of a result. */
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    readonly data: unknown,
  ) {
    super(`${method}: JSON-RPC error ${code}: ${rpcMessage}`);
    this.name = "JsonRpcError";
  }
}

const ErrorObject = t.intersection([t.type({ code: t.number, message: t.string }), t.partial({ data: t.unknown })]);
const ResponseEnvelope = t.intersection([
  t.type({ id: t.union([t.number, t.string, t.null]) }),
  t.partial({ result: t.unknown, error: ErrorObject }),
]);
type ResponseEnvelope = t.TypeOf<typeof ResponseEnvelope>;

export type JsonRpcOutcome =
  { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: JsonRpcError };

/**
 * A small JSON-RPC 2.0 client over fetch: per-request timeout, retry with backoff on transport
 * failures and 429/5xx, a cap on concurrent requests, and batches for bulk reads (the indexer).
 * Results come back as `unknown`: callers decode them with their own io-ts codecs.
 */
export class JsonRpcClient {
  private readonly limiter: ConcurrencyLimiter;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly endpoints: RpcEndpointFailover;
  private nextId = 1;

  constructor(options: JsonRpcClientOptions) {
    this.endpoints = rpcEndpointsOf(options.url);
    this.limiter = new ConcurrencyLimiter(options.maxConcurrent ?? 8);
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  /** Resolves with the result; throws JsonRpcError when the node answers with an error. */
  async request(method: string, params: readonly unknown[]): Promise<unknown> {
    const [outcome] = await this.batch([{ method, params }]);
    if (outcome === undefined) throw new MalformedBodyError(`${method}: empty response`);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  }

  /** Outcomes in the order of `calls`; a node error on one call does not fail the others. */
  async batch(calls: readonly JsonRpcCall[]): Promise<readonly JsonRpcOutcome[]> {
    if (calls.length === 0) return [];
    const firstId = this.nextId;
    this.nextId += calls.length;
    const payload = calls.map((call, i) => ({
      jsonrpc: "2.0",
      id: firstId + i,
      method: call.method,
      params: call.params,
    }));
    // A single call goes unbatched: some nodes and proxies handle batches poorly.
    const body = payload.length === 1 ? payload[0] : payload;
    const raw = await this.limiter.run(() =>
      retryWithBackoff(
        // Reads only (blocks, receipts, traces): any transport failure may move to the next endpoint.
        () => this.endpoints.send((url) => fetchJson({ url, method: "POST", body, timeoutMs: this.timeoutMs }), "read"),
        isTransientHttpFailure,
        this.retry,
      ),
    );
    const byId = this.decodeEnvelopes(raw);
    return calls.map((call, i) => {
      const envelope = byId.get(firstId + i);
      if (envelope === undefined)
        throw new MalformedBodyError(`${call.method}: no response for request id ${firstId + i}`);
      if (envelope.error !== undefined) {
        const { code, message, data } = envelope.error;
        return { ok: false, error: new JsonRpcError(call.method, code, message, data) };
      }
      return { ok: true, result: envelope.result ?? null };
    });
  }

  private decodeEnvelopes(raw: unknown): Map<number, ResponseEnvelope> {
    const decoded = t.array(ResponseEnvelope).decode(Array.isArray(raw) ? raw : [raw]);
    if (isLeft(decoded)) throw new MalformedBodyError(`not a JSON-RPC response: ${JSON.stringify(raw).slice(0, 200)}`);
    return new Map(decoded.right.map((envelope) => [Number(envelope.id), envelope]));
  }
}
