import { scrubUrls } from "../../application/scrub-urls";

/** The upstream answered with a non-2xx status. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfterMs: number | undefined,
    bodyExcerpt: string,
  ) {
    super(`HTTP ${status}${bodyExcerpt === "" ? "" : `: ${bodyExcerpt}`}`);
    this.name = "HttpStatusError";
  }
}

/** No answer at all: connection refused or reset, DNS failure, or our own timeout. */
export class TransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TransportError";
  }
}

/** An answer that is not JSON (an HTML error page from a proxy, a truncated body). */
export class MalformedBodyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MalformedBodyError";
  }
}

/** 429 and 5xx are worth another try; 4xx other than 429 will not get better. */
export function isTransientHttpFailure(error: unknown): boolean {
  if (error instanceof TransportError) return true;
  return error instanceof HttpStatusError && (error.status === 429 || error.status >= 500);
}

function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

export interface JsonRequest {
  readonly url: string;
  readonly timeoutMs: number;
  readonly method?: "GET" | "POST";
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One HTTP exchange that yields parsed JSON or throws one of the errors above. */
export async function fetchJson(request: JsonRequest): Promise<unknown> {
  const target = basicAuthOf(request.url);
  const init: RequestInit = {
    method: request.method ?? "GET",
    headers: {
      accept: "application/json",
      ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      ...(target.authorization === undefined ? {} : { authorization: target.authorization }),
      ...request.headers,
    },
    signal: AbortSignal.timeout(request.timeoutMs),
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(target.url, init);
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const reason = timedOut ? `timed out after ${request.timeoutMs} ms` : describeError(error);
    throw new TransportError(`${init.method} ${redactUrl(request.url)}: ${reason}`, { cause: error });
  }
  if (!response.ok) {
    throw new HttpStatusError(response.status, retryAfterMs(response.headers.get("retry-after")), text.slice(0, 200));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MalformedBodyError(`not JSON: ${text.slice(0, 120)}`);
  }
}

/**
 * fetch refuses a URL with userinfo (`https://user:key@node`), which node providers and ethers (through Node's
 * http) accept as HTTP basic auth: the credentials move to the Authorization header, as http.request would send them.
 */
function basicAuthOf(url: string): { readonly url: string; readonly authorization?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  if (parsed.username === "" && parsed.password === "") return { url };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), authorization: `Basic ${Buffer.from(credentials, "utf8").toString("base64")}` };
}

/** A URL safe to log: providers put keys in the path (`/v2/<key>`), the query or the userinfo. */
export function redactUrl(url: string): string {
  return scrubUrls(url);
}

/** An error as one line of text, with every URL in it cut to its host (ethers embeds `requestUrl`). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? ` (${cause.message})` : "";
    return scrubUrls(`${error.message}${causeText}`);
  }
  return scrubUrls(String(error));
}
