import { isIP } from "node:net";
import * as t from "io-ts";
import { parseAddress, type Address } from "../../domain/chain/address";
import type { WellKnownToken } from "../../application/ports/scoring-settings.port";

/** An integer from an environment string, within [min, max]. */
export function intInRange(name: string, min: number, max: number) {
  return new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === "number" && Number.isInteger(u) && u >= min && u <= max,
    (u, c) => {
      if (typeof u !== "string" || !/^-?\d+$/.test(u.trim()))
        return t.failure(u, c, `expected an integer in ${min}..${max}`);
      const n = Number(u.trim());
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, `expected an integer in ${min}..${max}`);
    },
    String,
  );
}

/** Comma-separated IP addresses (trusted proxies). */
export const IpList = new t.Type<readonly string[], string, unknown>(
  "IpList",
  (u): u is readonly string[] => Array.isArray(u) && u.every((ip) => typeof ip === "string" && isIP(ip) !== 0),
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected comma-separated IP addresses");
    const ips = u
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    const bad = ips.find((ip) => isIP(ip) === 0);
    return bad === undefined ? t.success(ips) : t.failure(u, c, `"${bad}" is not an IP address`);
  },
  (ips) => ips.join(","),
);

/**
 * Comma-separated SHA-256 digests (64 hex digits each, stored lowercase): the platform API keys are
 * configured by digest so the environment never holds a usable key.
 */
export const Sha256DigestList = new t.Type<readonly string[], string, unknown>(
  "Sha256DigestList",
  (u): u is readonly string[] => Array.isArray(u) && u.every((d) => typeof d === "string" && /^[0-9a-f]{64}$/.test(d)),
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected comma-separated SHA-256 hex digests");
    const digests = u
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== "");
    const bad = digests.findIndex((d) => !/^[0-9a-f]{64}$/.test(d));
    return bad === -1
      ? t.success(digests)
      : t.failure(
          u,
          c,
          `entry ${bad + 1} is not a SHA-256 hex digest (64 hex digits; npm run platform-key prints one)`,
        );
  },
  (digests) => digests.join(","),
);

/** An http(s) URL. */
export const HttpUrl = new t.Type<string, string, unknown>(
  "HttpUrl",
  (u): u is string => typeof u === "string",
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected an http(s) URL");
    try {
      const url = new URL(u);
      return url.protocol === "http:" || url.protocol === "https:"
        ? t.success(u.replace(/\/$/, ""))
        : t.failure(u, c, "expected an http(s) URL");
    } catch {
      return t.failure(u, c, "expected an http(s) URL");
    }
  },
  String,
);

/**
 * RPC_URL: one http(s) URL, or several comma-separated (the chain clients fail over in list order; a comma inside a
 * URL is written %2C). A bad entry is named by its position only: these URLs carry API keys.
 */
export const HttpUrlList = new t.Type<readonly string[] | undefined, string, unknown>(
  "HttpUrlList",
  (u): u is readonly string[] | undefined => u === undefined || Array.isArray(u),
  (u, c) => {
    if (u === undefined) return t.success(undefined);
    if (typeof u !== "string") return t.failure(u, c, "expected one or more comma-separated http(s) URLs");
    const entries = u.split(",").map((s) => s.trim());
    const urls: string[] = [];
    for (const [i, entry] of entries.entries()) {
      const decoded = HttpUrl.decode(entry);
      if (entry === "" || decoded._tag === "Left")
        return t.failure(u, c, `entry ${i + 1} of ${entries.length} is not an http(s) URL`);
      const earlier = urls.indexOf(decoded.right);
      if (earlier !== -1) return t.failure(u, c, `entry ${i + 1} repeats entry ${earlier + 1}`);
      urls.push(decoded.right);
    }
    return t.success(urls);
  },
  (urls) => (urls ?? []).join(","),
);

export const LogLevel = t.keyof({
  fatal: null,
  error: null,
  warn: null,
  info: null,
  debug: null,
  trace: null,
  silent: null,
});
export type LogLevel = t.TypeOf<typeof LogLevel>;

/** Comma-separated addresses (official issuers); absent means "the defaults". */
export const AddressList = new t.Type<readonly Address[] | undefined, string, unknown>(
  "AddressList",
  (u): u is readonly Address[] | undefined => u === undefined || Array.isArray(u),
  (u, c) => {
    if (u === undefined) return t.success(undefined);
    if (typeof u !== "string") return t.failure(u, c, "expected comma-separated addresses");
    const parts = u
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    const addresses = parts.map(parseAddress);
    const bad = parts.find((_, i) => addresses[i] === undefined);
    return bad === undefined ? t.success(addresses as Address[]) : t.failure(u, c, `"${bad}" is not an address`);
  },
  (a) => (a ?? []).join(","),
);

export const PrivateKey = new t.Type<string, string, unknown>(
  "PrivateKey",
  (u): u is string => typeof u === "string" && /^0x[0-9a-fA-F]{64}$/.test(u),
  (u, c) =>
    typeof u === "string" && /^0x[0-9a-fA-F]{64}$/.test(u.trim())
      ? t.success(u.trim())
      : t.failure(u, c, "expected a 0x-prefixed 32-byte hex private key"),
  String,
);

export const PostgresUrl = new t.Type<string, string, unknown>(
  "PostgresUrl",
  (u): u is string => typeof u === "string",
  (u, c) =>
    typeof u === "string" && /^postgres(ql)?:\/\//.test(u)
      ? t.success(u)
      : t.failure(u, c, "expected a postgres:// URL"),
  String,
);

/** Comma-separated host names, IPs and CIDRs (OUTBOUND_ALLOWLIST); checked for shape, not resolved. */
export const HostList = new t.Type<readonly string[], string, unknown>(
  "HostList",
  (u): u is readonly string[] => Array.isArray(u),
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected comma-separated hosts, IPs or CIDRs");
    const parts = u
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter((s) => s !== "");
    const bad = parts.find((p) => !/^[0-9a-z.:\-_[\]]+(\/\d{1,3})?$/.test(p));
    return bad === undefined ? t.success(parts) : t.failure(u, c, `"${bad}" is not a host, IP or CIDR`);
  },
  (a) => a.join(","),
);

/** At least 32 bytes in hex: a key that seals and derives Protocol Guard secrets. */
export const HexKey = new t.Type<string, string, unknown>(
  "HexKey",
  (u): u is string => typeof u === "string",
  (u, c) =>
    typeof u === "string" && /^(0x)?([0-9a-fA-F]{2}){32,}$/.test(u.trim())
      ? t.success(u.trim().replace(/^0x/, ""))
      : t.failure(u, c, "expected at least 32 bytes in hex"),
  String,
);

export const SmtpUrl = new t.Type<string, string, unknown>(
  "SmtpUrl",
  (u): u is string => typeof u === "string",
  (u, c) =>
    typeof u === "string" && /^smtps?:\/\//.test(u)
      ? t.success(u)
      : t.failure(u, c, "expected an smtp:// or smtps:// URL"),
  String,
);

export const RedisUrl = new t.Type<string, string, unknown>(
  "RedisUrl",
  (u): u is string => typeof u === "string",
  (u, c) =>
    typeof u === "string" && /^rediss?:\/\/[^/\s]/.test(u) ? t.success(u) : t.failure(u, c, "expected a redis:// URL"),
  String,
);

/** A Redis key prefix: printable, no spaces, at most 64 characters (it starts every key we write). */
export const KeyPrefix = new t.Type<string, string, unknown>(
  "KeyPrefix",
  (u): u is string => typeof u === "string",
  (u, c) =>
    typeof u === "string" && /^[\x21-\x7e]{1,64}$/.test(u)
      ? t.success(u)
      : t.failure(u, c, "expected 1-64 printable characters without spaces"),
  String,
);

/** A token symbol as configured: printable, no separators of the list syntax. */
const SYMBOL = /^[^\s,:]{1,32}$/u;

/**
 * WELL_KNOWN_TOKENS: comma-separated `address` or `SYMBOL:address` entries (e.g. `WBTC:0x…,0x…`); empty means none.
 * Two entries for one address are refused: which symbol would count is not obvious.
 */
export const WellKnownTokenList = new t.Type<readonly WellKnownToken[], string, unknown>(
  "WellKnownTokenList",
  (u): u is readonly WellKnownToken[] => Array.isArray(u),
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected comma-separated address or SYMBOL:address entries");
    const tokens: WellKnownToken[] = [];
    for (const entry of u
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")) {
      const colon = entry.lastIndexOf(":");
      const symbol = colon < 0 ? null : entry.slice(0, colon).trim();
      const address = parseAddress(colon < 0 ? entry : entry.slice(colon + 1).trim());
      if (symbol !== null && !SYMBOL.test(symbol))
        return t.failure(u, c, `"${entry}": the symbol must be 1-32 characters without spaces, commas or colons`);
      if (address === undefined) return t.failure(u, c, `"${entry}" is not an address or SYMBOL:address`);
      if (tokens.some((k) => k.address === address)) return t.failure(u, c, `"${entry}": ${address} is listed twice`);
      tokens.push({ address, symbol });
    }
    return t.success(tokens);
  },
  (tokens) => tokens.map((k) => (k.symbol === null ? k.address : `${k.symbol}:${k.address}`)).join(","),
);
