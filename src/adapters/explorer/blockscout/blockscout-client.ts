import * as t from "io-ts";
import { isLeft } from "fp-ts/Either";
import { ConcurrencyLimiter } from "../../../application/concurrency-limiter";
import { fetchJson, isTransientHttpFailure, MalformedBodyError } from "../../shared/http-json";
import { DEFAULT_RETRY_POLICY, retryWithBackoff, type RetryPolicy } from "../../shared/retry-with-backoff";
import { Envelope } from "./blockscout-codecs";
import { BlockscoutApiError, RateLimitedError, ResultWindowError } from "./blockscout-errors";

export interface BlockscoutClientOptions {
  /** The Etherscan-compatible endpoint, e.g. `https://testnet.arcscan.app/api`. */
  readonly apiUrl: string;
  readonly apiKey?: string;
  readonly timeoutMs?: number;
  readonly retry?: RetryPolicy;
  readonly maxConcurrent?: number;
}

export type Query = Readonly<Record<string, string | number>>;

/** "No transactions found", "No token transfers found", "No token holders found", "No data found"... */
const NOTHING_FOUND = /^no .*found$/i;
const RATE_LIMITED = /rate limit|too many requests/i;
const WINDOW_TOO_LARGE = /result window is too large/i;

/**
 * One GET against the `?module=..&action=..` API, decoded to the rows of `result`.
 * Emptiness is an empty list; a rate limit (status code or body) is retried, then thrown.
 */
export class BlockscoutClient {
  private readonly limiter: ConcurrencyLimiter;
  private readonly retry: RetryPolicy;

  constructor(private readonly options: BlockscoutClientOptions) {
    this.limiter = new ConcurrencyLimiter(options.maxConcurrent ?? 4);
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  async rows<A>(query: Query, row: t.Type<A, unknown, unknown>): Promise<A[]> {
    const result = await this.result(query);
    const decoded = t.array(row).decode(result ?? []);
    if (isLeft(decoded)) throw new MalformedBodyError(`${describe(query)}: result rows do not match ${row.name}`);
    return decoded.right;
  }

  private async result(query: Query): Promise<unknown> {
    const url = this.urlOf(query);
    const body = await this.limiter.run(() =>
      retryWithBackoff(
        () => fetchJson({ url, timeoutMs: this.options.timeoutMs ?? 15_000 }).then(checkRateLimit),
        (error) => isTransientHttpFailure(error) || error instanceof RateLimitedError,
        this.retry,
      ),
    );
    const envelope = Envelope.decode(body);
    if (isLeft(envelope))
      throw new MalformedBodyError(`${describe(query)}: not an API envelope: ${JSON.stringify(body).slice(0, 160)}`);
    const { status, message, result } = envelope.right;
    if (status === "1") return result;
    if (NOTHING_FOUND.test(message)) return [];
    if (WINDOW_TOO_LARGE.test(message)) throw new ResultWindowError(message);
    throw new BlockscoutApiError(`${describe(query)}: ${message}${typeof result === "string" ? ` (${result})` : ""}`);
  }

  private urlOf(query: Query): string {
    const url = new URL(this.options.apiUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    if (this.options.apiKey !== undefined) url.searchParams.set("apikey", this.options.apiKey);
    return url.toString();
  }
}

/** Etherscan answers rate limits with 200 `{status:"0", message:"NOTOK", result:"Max rate limit reached"}`. */
function checkRateLimit(body: unknown): unknown {
  const { status, message, result } = (body ?? {}) as { status?: unknown; message?: unknown; result?: unknown };
  const text = `${typeof message === "string" ? message : ""} ${typeof result === "string" ? result : ""}`;
  if (status === "0" && RATE_LIMITED.test(text)) throw new RateLimitedError(text.trim());
  return body;
}

function describe(query: Query): string {
  return `${query["module"]}/${query["action"]}`;
}
