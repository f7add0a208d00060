import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isAllowlisted, isForbiddenAddress, normaliseIp, type OutboundAllowlist } from "./outbound-address-policy";

export interface SafeHttpOptions {
  readonly allowlist: OutboundAllowlist;
  /** Whole request, connect to last byte; default 10 s. */
  readonly timeoutMs?: number;
  /** Response bytes read at most (the rest is dropped, the socket closed); default 64 KiB. */
  readonly maxResponseBytes?: number;
  /** Resolver, injectable for tests; default the system's (getaddrinfo). */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
  /** Characters of the body kept (a webhook's answer is only logged); default 2048. */
  readonly bodyChars?: number;
  /** A body larger than maxResponseBytes is a failure, not a cut answer (a list missing its tail). */
  readonly wholeBodyOnly?: boolean;
}

export type SafeResponse =
  | {
      readonly kind: "response";
      readonly status: number;
      readonly body: string;
      /** Response headers, names lowercase (only on `safeRequest`'s answers). */
      readonly headers?: Readonly<Record<string, string>>;
    }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "failed"; readonly reason: string };

const systemResolve = async (host: string) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * POSTs to a URL only if it is https and every address its host resolves to, at this moment, is
 * public (or allowlisted, which also lets plain http through). The connection goes to the address
 * that was checked (no second lookup between check and connect), redirects are never followed,
 * and time and response size are bounded.
 */
export function safePost(
  options: SafeHttpOptions,
  target: string,
  headers: Readonly<Record<string, string>>,
  body: string,
): Promise<SafeResponse> {
  return safeRequest(options, "POST", target, headers, body);
}

/**
 * GETs a URL under the same rules as safePost (public or allowlisted destination, pinned address, no redirects,
 * bounded time and size); the whole body is returned, and one larger than maxResponseBytes is a failure.
 */
export function safeGet(
  options: SafeHttpOptions,
  target: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<SafeResponse> {
  return safeRequest(
    { ...options, bodyChars: Number.MAX_SAFE_INTEGER, wholeBodyOnly: true },
    "GET",
    target,
    headers,
    null,
  );
}

/** `safePost`'s checks for any method (a GET sends no body): the answer carries its headers. */
export async function safeRequest(
  options: SafeHttpOptions,
  method: "GET" | "POST",
  target: string,
  headers: Readonly<Record<string, string>>,
  body: string | null,
): Promise<SafeResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { kind: "refused", reason: "not a URL" };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol !== "https:" && url.protocol !== "http:") return { kind: "refused", reason: "scheme not allowed" };
  let addresses: readonly string[];
  try {
    addresses = normaliseIp(host) === undefined ? await (options.resolve ?? systemResolve)(host) : [host];
  } catch {
    return { kind: "failed", reason: "host did not resolve" };
  }
  if (addresses.length === 0) return { kind: "failed", reason: "host did not resolve" };
  const allowed = (ip: string) => isAllowlisted(options.allowlist, host, ip);
  if (addresses.some((ip) => isForbiddenAddress(ip) && !allowed(ip)))
    return { kind: "refused", reason: "destination address is not public" };
  if (url.protocol === "http:" && !addresses.every(allowed)) return { kind: "refused", reason: "https required" };
  const vetted = normaliseIp(addresses[0]!)!;
  const pinned: LookupFunction = (_hostname, opts, callback) => {
    const family = vetted.family === "ipv4" ? 4 : 6;
    if ((opts as { all?: boolean }).all === true)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: addresses[0]!, family },
      ]);
    else callback(null, addresses[0]!, family);
  };
  return send(options, url, { method, lookup: pinned, headers }, body);
}

function send(options: SafeHttpOptions, url: URL, extra: RequestOptions, body: string | null): Promise<SafeResponse> {
  const maxBytes = options.maxResponseBytes ?? 64 * 1024;
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response: SafeResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(response);
    };
    const req = request(
      url,
      {
        ...extra,
        headers:
          body === null
            ? { ...extra.headers }
            : {
                "content-type": "application/json",
                "content-length": Buffer.byteLength(body).toString(),
                ...extra.headers,
              },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) chunks.push(chunk);
          else res.destroy();
        });
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === "string") headers[name] = value;
        }
        const done = () =>
          options.wholeBodyOnly === true && size > maxBytes
            ? finish({ kind: "failed", reason: "response larger than allowed" })
            : finish({
                kind: "response",
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks)
                  .toString("utf8")
                  .slice(0, options.bodyChars ?? 2048),
                ...(extra.method === "GET" ? { headers } : {}),
              });
        res.on("end", done);
        res.on("close", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ kind: "failed", reason: "timed out" });
    }, options.timeoutMs ?? 10_000);
    req.on("error", (error) => finish({ kind: "failed", reason: error.message.replace(/https?:\/\/\S+/g, "<url>") }));
    req.end(body ?? undefined);
  });
}
