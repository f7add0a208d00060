import { scrubUrls } from "../../application/scrub-urls";

/**
 * How long an endpoint that failed is left alone. Long enough that a node that is down does not cost every
 * request a refused connection or a 10 s timeout before the next endpoint answers; short enough that a node
 * back from a restart, or a hosted provider's rate-limit window (typically a second to a minute), is used
 * again within half a minute.
 */
export const RPC_ENDPOINT_COOL_DOWN_MS = 30_000;

/**
 * A write (eth_sendRawTransaction) fails over only when it certainly never reached a node: the connection was
 * never made. After a reset, a timeout or a 5xx the node may have taken the transaction, and sending it again
 * elsewhere would at best be refused as a known nonce and at worst hide that the first one went through.
 */
const NEVER_CONNECTED_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);

/** Socket-level failures: the endpoint is down, restarting or unreachable. */
const NETWORK_CODES = new Set([...NEVER_CONNECTED_CODES, "ECONNRESET", "ETIMEDOUT", "EPIPE", "UND_ERR_SOCKET"]);

export type RpcRequestKind = "read" | "write";

/** An endpoint as /readyz shows it: its URL cut to scheme and host (keys live in userinfo, path and query). */
export interface RpcEndpointStatus {
  readonly url: string;
  readonly state: "ok" | "benched";
  /** ISO time when a benched endpoint is tried again. */
  readonly benchedUntil?: string;
  /** Why it was benched (no URL in it). */
  readonly lastFailure?: string;
}

export interface RpcFailoverEvent {
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

export interface RpcEndpointFailoverOptions {
  readonly coolDownMs?: number;
  readonly nowMs?: () => number;
  /** Told each time a request moves to the next endpoint; URLs already scrubbed. */
  readonly onFailover?: (event: RpcFailoverEvent) => void;
}

interface Endpoint {
  readonly url: string;
  benchedUntilMs: number;
  lastFailure: string | undefined;
}

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

interface TransportFailure {
  readonly reason: string;
  readonly neverConnected: boolean;
}

/**
 * The one failover policy over the RPC_URL list, shared by every client of the node (chain reader, block stream,
 * payments). A request goes to the first endpoint not benched; on a transport failure (no connection, reset,
 * timeout, HTTP 5xx or 429, an answer that is not JSON) that endpoint is benched for the cool-down and the request
 * is sent once more, to the next endpoint. A JSON-RPC error answer (a revert, invalid params) is an answer: the
 * next node would say the same. When both attempts fail, the caller sees the last failure exactly as it would with
 * one endpoint, so its retries and error mapping are unchanged. Requests carry block numbers, never a moving tag
 * chosen here, so a read pinned to a block asks the next endpoint for the same block.
 */
export class RpcEndpointFailover {
  private readonly endpoints: readonly Endpoint[];
  private readonly coolDownMs: number;
  private readonly nowMs: () => number;

  constructor(
    urls: readonly string[],
    private readonly options: RpcEndpointFailoverOptions = {},
  ) {
    if (urls.length === 0) throw new Error("RpcEndpointFailover needs at least one URL");
    this.endpoints = urls.map((url) => ({ url, benchedUntilMs: 0, lastFailure: undefined }));
    this.coolDownMs = options.coolDownMs ?? RPC_ENDPOINT_COOL_DOWN_MS;
    this.nowMs = options.nowMs ?? (() => Date.now());
  }

  /** The first URL of the list (the one a single-endpoint client would use). */
  get primaryUrl(): string {
    return this.endpoints[0]!.url;
  }

  /**
   * Runs `attempt` against the current endpoint, and once more against the next one on a transport failure.
   * `failedAnswer` names a transport failure the attempt returned instead of threw (a 503 response object).
   */
  async send<T>(
    attempt: (url: string) => Promise<T>,
    kind: RpcRequestKind,
    failedAnswer: (answer: T) => string | null = () => null,
  ): Promise<T> {
    const first = this.current();
    const outcome = await settle(attempt(first.url));
    const failure = transportFailureOf(outcome, failedAnswer);
    if (failure === null) return this.succeeded(first, outcome);
    this.bench(first, failure.reason);
    const next = this.nextAfter(first);
    if (next === undefined || (kind === "write" && !failure.neverConnected)) return unwrap(outcome);
    this.options.onFailover?.({ from: scrubUrls(first.url), to: scrubUrls(next.url), reason: failure.reason });
    const second = await settle(attempt(next.url));
    const secondFailure = transportFailureOf(second, failedAnswer);
    if (secondFailure === null) return this.succeeded(next, second);
    this.bench(next, secondFailure.reason);
    return unwrap(second);
  }

  /** Each endpoint's state, in list order, safe to show (no userinfo, path or query). */
  status(): readonly RpcEndpointStatus[] {
    const now = this.nowMs();
    return this.endpoints.map((endpoint) =>
      endpoint.benchedUntilMs > now
        ? {
            url: scrubUrls(endpoint.url),
            state: "benched",
            benchedUntil: new Date(endpoint.benchedUntilMs).toISOString(),
            ...(endpoint.lastFailure === undefined ? {} : { lastFailure: endpoint.lastFailure }),
          }
        : { url: scrubUrls(endpoint.url), state: "ok" },
    );
  }

  /** The first endpoint in list order that is not benched; all benched: the one released soonest. */
  private current(): Endpoint {
    const now = this.nowMs();
    return this.endpoints.find((e) => e.benchedUntilMs <= now) ?? soonestReleased(this.endpoints);
  }

  /** The next endpoint after `from` (wrapping) that is not benched; all benched: the other released soonest. */
  private nextAfter(from: Endpoint): Endpoint | undefined {
    const start = this.endpoints.indexOf(from);
    const others = [...this.endpoints.slice(start + 1), ...this.endpoints.slice(0, start)];
    if (others.length === 0) return undefined;
    const now = this.nowMs();
    return others.find((e) => e.benchedUntilMs <= now) ?? soonestReleased(others);
  }

  private bench(endpoint: Endpoint, reason: string): void {
    endpoint.benchedUntilMs = this.nowMs() + this.coolDownMs;
    endpoint.lastFailure = reason;
  }

  private succeeded<T>(endpoint: Endpoint, outcome: Settled<T>): T {
    // Answered (a JSON-RPC error is an answer too): a benched endpoint used because all were benched is back.
    endpoint.benchedUntilMs = 0;
    return unwrap(outcome);
  }
}

/** A single URL or a shared failover: adapters accept either (tests and scripts pass a URL). */
export type RpcTarget = string | RpcEndpointFailover;

export function rpcEndpointsOf(target: RpcTarget): RpcEndpointFailover {
  return typeof target === "string" ? new RpcEndpointFailover([target]) : target;
}

function soonestReleased(endpoints: readonly Endpoint[]): Endpoint {
  return endpoints.reduce((a, b) => (b.benchedUntilMs < a.benchedUntilMs ? b : a));
}

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

function unwrap<T>(outcome: Settled<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}

function transportFailureOf<T>(
  outcome: Settled<T>,
  failedAnswer: (answer: T) => string | null,
): TransportFailure | null {
  if (outcome.ok) {
    const reason = failedAnswer(outcome.value);
    return reason === null ? null : { reason, neverConnected: false };
  }
  return transportFailureOfError(outcome.error);
}

/**
 * Transport failures as each client reports them: Node socket errors (possibly as a fetch error's cause), ethers'
 * TIMEOUT / NETWORK_ERROR / SERVER_ERROR with a 5xx or 429 status, and http-json's TransportError, HttpStatusError
 * and MalformedBodyError. Everything else (a JSON-RPC error, a cancelled request, a bug) is not.
 */
export function transportFailureOfError(error: unknown): TransportFailure | null {
  const socketCode = socketCodeOf(error);
  if (socketCode !== undefined)
    return { reason: `connection failed (${socketCode})`, neverConnected: NEVER_CONNECTED_CODES.has(socketCode) };
  const fields = (error ?? {}) as {
    code?: unknown;
    name?: unknown;
    status?: unknown;
    info?: { responseStatus?: unknown };
  };
  if (fields.code === "TIMEOUT" || fields.code === "NETWORK_ERROR") return { reason: "timeout", neverConnected: false };
  const status = typeof fields.status === "number" ? fields.status : statusOfEthers(fields.info?.responseStatus);
  const isStatusError = fields.code === "SERVER_ERROR" || fields.name === "HttpStatusError";
  if (isStatusError && status !== undefined && (status === 429 || status >= 500))
    return { reason: `HTTP ${status}`, neverConnected: false };
  if (fields.name === "TransportError") return { reason: "no answer", neverConnected: false };
  if (fields.name === "MalformedBodyError") return { reason: "answer is not JSON", neverConnected: false };
  return null;
}

/** The Node socket error code on the error or down its cause chain (fetch wraps it in "fetch failed"). */
function socketCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function statusOfEthers(responseStatus: unknown): number | undefined {
  if (typeof responseStatus !== "string") return undefined;
  const code = Number.parseInt(responseStatus, 10);
  return Number.isNaN(code) ? undefined : code;
}
