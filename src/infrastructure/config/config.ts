import * as E from "fp-ts/Either";
import * as t from "io-ts";
import { HttpUrl, IpList, intInRange, LogLevel } from "./env-codecs";

/**
 * Every environment variable the service reads, with its default. README's "Configuration"
 * table lists the same set; a bad value stops the process with a message naming the variable.
 */
const variables = {
  PORT: { codec: intInRange("port", 0, 65535), fallback: "3000" },
  HOST: { codec: t.string, fallback: "127.0.0.1" },
  LOG_LEVEL: { codec: LogLevel, fallback: "info" },
  PUBLIC_BASE_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  TRUSTED_PROXIES: { codec: IpList, fallback: "" },
  WIDGET_RATE_LIMIT_PER_MINUTE: { codec: intInRange("per minute", 1, 100_000), fallback: "8" },
  BATCH_RATE_LIMIT_PER_MINUTE: { codec: intInRange("per minute", 1, 100_000), fallback: "30" },
  RPC_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  EXPLORER_API_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  CHAIN_ID: { codec: intInRange("chain id", 1, 2 ** 31), fallback: "5042002" },
  DEV_CHAIN_HOST: { codec: t.string, fallback: "127.0.0.1" },
  DEV_CHAIN_PORT: { codec: intInRange("port", 0, 65535), fallback: "8545" },
} as const;

type Variables = typeof variables;
export type EnvValues = { readonly [K in keyof Variables]: t.TypeOf<Variables[K]["codec"]> };

export interface Config {
  readonly env: EnvValues;
  /** No RPC_URL: run the embedded dev chain and our own index. */
  readonly chainMode: "embedded" | "rpc";
  readonly trustedProxies: ReadonlySet<string>;
}

/** Decodes the environment; on failure, one message per bad variable naming it. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): E.Either<readonly string[], Config> {
  const errors: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, { codec, fallback }] of Object.entries(variables)) {
    const raw = env[name] === undefined || env[name] === "" ? fallback : env[name];
    const decoded = (codec as t.Decoder<unknown, unknown>).decode(raw);
    if (E.isLeft(decoded)) {
      const why = decoded.left.map((e) => e.message).find((m) => m !== undefined) ?? "invalid value";
      errors.push(`${name}=${JSON.stringify(env[name])}: ${why}`);
    } else {
      values[name] = decoded.right;
    }
  }
  if (errors.length > 0) return E.left(errors);
  const decoded = values as EnvValues;
  return E.right({
    env: decoded,
    chainMode: decoded.RPC_URL === undefined ? "embedded" : "rpc",
    trustedProxies: new Set(decoded.TRUSTED_PROXIES),
  });
}
