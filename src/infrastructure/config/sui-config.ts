import * as t from "io-ts";
import { decodeSuiPrivateKey } from "@mysten/sui/cryptography";
import { parseCoinType, parseSuiAddress, type SuiAddress } from "../../domain/sui/sui-address";
import { HttpUrl, intInRange } from "./env-codecs";

/** A Sui object id (`0x` + up to 64 hex, normalised). */
export const SuiObjectId = new t.Type<SuiAddress, string, unknown>(
  "SuiObjectId",
  (u): u is SuiAddress => typeof u === "string" && parseSuiAddress(u) === u,
  (u, c) => {
    const id = parseSuiAddress(typeof u === "string" ? u.trim() : u);
    return id === undefined ? t.failure(u, c, "expected a Sui object id (0x + hex)") : t.success(id);
  },
  String,
);

/** `suiprivkey1...` (bech32, as `sui keytool export` prints it) holding an Ed25519 key. */
export const SuiPrivateKey = new t.Type<string, string, unknown>(
  "SuiPrivateKey",
  (u): u is string => typeof u === "string",
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected a suiprivkey1... bech32 key");
    try {
      const parsed = decodeSuiPrivateKey(u.trim());
      return parsed.scheme === "ED25519"
        ? t.success(u.trim())
        : t.failure(u, c, `expected an Ed25519 key (got ${parsed.scheme})`);
    } catch {
      return t.failure(u, c, "expected a suiprivkey1... bech32 key");
    }
  },
  String,
);

/** Comma-separated coin types (`0x<hex>::<module>::<Name>`), normalised. */
export const CoinTypeList = new t.Type<readonly string[], string, unknown>(
  "CoinTypeList",
  (u): u is readonly string[] => Array.isArray(u),
  (u, c) => {
    if (typeof u !== "string") return t.failure(u, c, "expected comma-separated coin types");
    const parts = u
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    const parsed = parts.map(parseCoinType);
    const bad = parts.find((_, i) => parsed[i] === undefined);
    return bad === undefined ? t.success(parsed as string[]) : t.failure(u, c, `"${bad}" is not a coin type`);
  },
  (list) => list.join(","),
);

/** The Sui app's variables (docs/sui.md), merged into config.ts's table. */
export const suiVariables = {
  ALT_PORT: { codec: intInRange("port", 0, 65535), fallback: "3001" },
  SUI_GRAPHQL_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  SUI_GRPC_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  SUI_NETWORK: { codec: t.string, fallback: "mainnet" },
  SUI_REGISTRY_ID: { codec: t.union([SuiObjectId, t.undefined]), fallback: undefined },
  SUI_PACKAGE_ID: { codec: t.union([SuiObjectId, t.undefined]), fallback: undefined },
  SUI_ORACLE_PRIVATE_KEY: { codec: t.union([SuiPrivateKey, t.undefined]), fallback: undefined },
  SUI_VERIFIED_COINS: { codec: CoinTypeList, fallback: "0x2::sui::SUI" },
  COIN_RATE_LIMIT_PER_MINUTE: { codec: intInRange("per minute", 1, 100_000), fallback: "60" },
  SCORE_WALLET_RATE_LIMIT_PER_MINUTE: { codec: intInRange("per minute", 1, 100_000), fallback: "10" },
  // 5 SUI a day: 100 writes at their 0.05 SUI gas budget (each costs ~3 M MIST, so ~0.3 SUI really spent).
  // Below 2^53: the Redis budget counts in Lua numbers. 0 switches registry writes off.
  SUI_WRITE_BUDGET_MIST_PER_DAY: { codec: intInRange("MIST per day", 0, 2 ** 53 - 1), fallback: "5000000000" },
} as const;

export const SUI_SECRET_VARIABLES = ["SUI_ORACLE_PRIVATE_KEY", "SUI_GRAPHQL_URL", "SUI_GRPC_URL"] as const;

export interface SuiEndpointValues {
  readonly SUI_GRAPHQL_URL: string | undefined;
  readonly SUI_GRPC_URL: string | undefined;
  readonly SUI_REGISTRY_ID: SuiAddress | undefined;
  readonly SUI_PACKAGE_ID: SuiAddress | undefined;
  readonly SUI_ORACLE_PRIVATE_KEY: string | undefined;
}

/** A Sui endpoint needs the registry, the package and the oracle key: each one missing is named. */
export function suiRequirements(env: SuiEndpointValues): string[] {
  const problems: string[] = [];
  if (env.SUI_GRPC_URL !== undefined)
    problems.push(
      "SUI_GRPC_URL: this build reaches Sui over GraphQL (SuiGraphQLClient); set SUI_GRAPHQL_URL to the network's GraphQL endpoint instead",
    );
  const endpoint =
    env.SUI_GRAPHQL_URL !== undefined ? "SUI_GRAPHQL_URL" : env.SUI_GRPC_URL !== undefined ? "SUI_GRPC_URL" : null;
  if (endpoint === null) return problems;
  if (env.SUI_REGISTRY_ID === undefined)
    problems.push(`SUI_REGISTRY_ID: required with ${endpoint} (the shared ScoreRegistry object)`);
  if (env.SUI_PACKAGE_ID === undefined)
    problems.push(`SUI_PACKAGE_ID: required with ${endpoint} (the published credence package)`);
  if (env.SUI_ORACLE_PRIVATE_KEY === undefined)
    problems.push(`SUI_ORACLE_PRIVATE_KEY: required with ${endpoint} (the key holding the OracleCap)`);
  return problems;
}
