import * as E from "fp-ts/Either";
import * as t from "io-ts";
import type { KeyObject } from "node:crypto";
import { resolveAttestationKey } from "../../adapters/attestation/attestation-key-config";
import { resolveRiskCheckKey } from "../../adapters/risk-check/risk-check-key-config";
import type { AttestationKey } from "../../adapters/attestation/ethers-attestation-signer.adapter";
import { isWellKnownDevAddress, isWellKnownDevKey } from "../../adapters/shared/well-known-dev-keys";
import { AddressCodec } from "../../domain/chain/address";
import { ARC_NETWORKS, arcNetworkOf } from "../../domain/chain/arc-network";
import {
  AddressList,
  HexKey,
  HostList,
  HttpUrl,
  HttpUrlList,
  IpList,
  intInRange,
  LogLevel,
  PostgresUrl,
  RedisUrl,
  KeyPrefix,
  PrivateKey,
  Sha256DigestList,
  SmtpUrl,
  WellKnownTokenList,
} from "./env-codecs";
import { SUI_SECRET_VARIABLES, suiRequirements, suiVariables } from "./sui-config";
import { resolveGuardKeys, type GuardKeys } from "./guard-keys";

const perMinute = (fallback: string) => ({ codec: intInRange("per minute", 1, 100_000), fallback });

/**
 * Every environment variable the service reads, with its default. docs/configuration.md's
 * table lists the same set; a bad value stops the process with a message naming the variable.
 */
const variables = {
  PORT: { codec: intInRange("port", 0, 65535), fallback: "3000" },
  HOST: { codec: t.string, fallback: "127.0.0.1" },
  LOG_LEVEL: { codec: LogLevel, fallback: "info" },
  PUBLIC_BASE_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  TRUSTED_PROXIES: { codec: IpList, fallback: "" },
  PLATFORM_API_KEYS: { codec: Sha256DigestList, fallback: "" },
  OPERATOR_API_KEYS: { codec: Sha256DigestList, fallback: "" },
  WIDGET_RATE_LIMIT_PER_MINUTE: perMinute("8"),
  /** Explorer pages (`/address/{address}`) that compute a score, per client IP. */
  EXPLORER_RATE_LIMIT_PER_MINUTE: perMinute("20"),
  BATCH_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  NFT_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  ARC_SCORE_RATE_LIMIT_PER_MINUTE: perMinute("60"),
  GRAPH_TRUST_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  STAKING_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  GATING_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  GUARD_RATE_LIMIT_PER_MINUTE: perMinute("60"),
  RISK_CHECK_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  SCAN_RATE_LIMIT_PER_MINUTE: perMinute("30"),
  ORACLE_RATE_LIMIT_PER_MINUTE: perMinute("60"),
  SUBSCRIBE_RATE_LIMIT_PER_MINUTE: perMinute("5"),
  FEEDBACK_RATE_LIMIT_PER_MINUTE: perMinute("10"),
  DISPUTE_RATE_LIMIT_PER_MINUTE: perMinute("5"),
  DISPUTE_READ_RATE_LIMIT_PER_MINUTE: perMinute("60"),
  SUBSCRIBE_LIMIT_PER_DAY: { codec: intInRange("per day", 1, 1_000_000), fallback: "20" },
  // One URL or several, comma-separated: reads fail over in list order (see RpcEndpointFailover).
  RPC_URL: { codec: HttpUrlList, fallback: undefined },
  // debug_traceCall's tracer for scans and traced transfers: auto tries callTracer and falls back to struct logs once.
  TRACE_TRACER: { codec: t.keyof({ auto: null, callTracer: null, structLogs: null }), fallback: "auto" },
  EXPLORER_API_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  /** A block explorer's web UI (…/tx/<hash>, …/address/<address>) the explorer pages link to; unset: plain text. */
  EXPLORER_WEB_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  INDEX_FROM_BLOCK: { codec: intInRange("block", 0, 2 ** 53 - 1), fallback: "0" },
  // Deepest chain reorganisation the block stream rolls back (the index, the graph, the watcher); deeper is refused.
  REORG_MAX_DEPTH: { codec: intInRange("blocks", 1, 10_000), fallback: "64" },
  // How often the block stream asks the node (or chain_blocks) for a new head. Arc mines a block about every
  // 0.5 s: at 1 s a block waits 0.5 s on average before the index, Protocol Guard or the graph sees it.
  CHAIN_POLL_MS: { codec: intInRange("milliseconds", 100, 60_000), fallback: "1000" },
  // testnet | mainnet: the defaults of CHAIN_ID, PAYMENT_NETWORK and PAYMENT_ASSET (see arcDefaults).
  ARC_NETWORK: { codec: t.keyof({ testnet: null, mainnet: null }), fallback: "testnet" },
  CHAIN_ID: { codec: intInRange("chain id", 1, 2 ** 31), fallback: "5042002" },
  DEV_CHAIN_HOST: { codec: t.string, fallback: "127.0.0.1" },
  DEV_CHAIN_PORT: { codec: intInRange("port", 0, 65535), fallback: "8545" },
  // Off unless asked: only the real-contracts eval sets it (unoptimised builds of large real tokens exceed EIP-170).
  DEV_CHAIN_UNLIMITED_CONTRACT_SIZE: { codec: t.keyof({ true: null, false: null }), fallback: "false" },
  OFFICIAL_ISSUERS: { codec: AddressList, fallback: undefined },
  STAKING_CONTRACTS: { codec: AddressList, fallback: undefined },
  // One address, or a comma list when tokens trade on several V2-style DEXes (first = the price reference).
  DEX_FACTORY: { codec: AddressList, fallback: undefined },
  DEX_ROUTER: { codec: AddressList, fallback: undefined },
  DEX_QUOTE_TOKENS: { codec: AddressList, fallback: undefined },
  WELL_KNOWN_TOKENS: { codec: WellKnownTokenList, fallback: "" },
  PAID_ANSWER_REACCESS_SECONDS: { codec: intInRange("seconds", 0, 7 * 86_400), fallback: "3600" },
  GRAPH_TRUST_SEEDS: { codec: AddressList, fallback: undefined },
  GRAPH_TRUST_RECOMPUTE_SECONDS: { codec: intInRange("seconds", 5, 86_400), fallback: "60" },
  GRAPH_MAX_NODES: { codec: intInRange("nodes", 1_000, 50_000_000), fallback: "2000000" },
  GRAPH_LOOKBACK_BLOCKS: { codec: intInRange("blocks", 1, 100_000_000), fallback: "50000" },
  SCORE_CACHE_TTL_SECONDS: { codec: intInRange("seconds", 0, 86_400), fallback: "60" },
  DATABASE_URL: { codec: t.union([PostgresUrl, t.undefined]), fallback: undefined },
  REDIS_URL: { codec: t.union([RedisUrl, t.undefined]), fallback: undefined },
  REDIS_KEY_PREFIX: { codec: KeyPrefix, fallback: "credence:" },
  EAS_CONTRACT_ADDRESS: { codec: AddressCodec, fallback: "0x0000000000000000000000000000000000000000" },
  EAS_CONTRACT_VERSION: { codec: t.string, fallback: "1.3.0" },
  ATTESTATION_PRIVATE_KEY: { codec: t.union([t.string, t.undefined]), fallback: undefined },
  RISK_CHECK_PRIVATE_JWK: { codec: t.union([t.string, t.undefined]), fallback: undefined },
  PAYEE_PRICE_CEILING_ATOMIC: { codec: intInRange("atomic units", 1, 1_000_000_000_000), fallback: "1000000" },
  PAYEE_MANY_DOMAINS: { codec: intInRange("domains", 2, 64), fallback: "5" },
  PAYMENT_MODE: { codec: t.keyof({ local: null, facilitator: null }), fallback: "local" },
  PAYMENT_FACILITATOR_URL: { codec: t.union([HttpUrl, t.undefined]), fallback: undefined },
  PAYMENT_PAY_TO: { codec: t.union([AddressCodec, t.undefined]), fallback: undefined },
  PAYMENT_SETTLEMENT_PRIVATE_KEY: { codec: t.union([PrivateKey, t.undefined]), fallback: undefined },
  PAYMENT_PRICE_ATOMIC: { codec: intInRange("atomic units", 1, 1_000_000_000), fallback: "1000" },
  PAYMENT_ASSET: { codec: AddressCodec, fallback: "0x3600000000000000000000000000000000000000" },
  PAYMENT_NETWORK: { codec: t.string, fallback: "arc-testnet" },
  ...suiVariables,
  DELIVERY_RETRY_BASE_MS: { codec: intInRange("milliseconds", 1, 3_600_000), fallback: "1000" },
  OUTBOUND_ALLOWLIST: { codec: HostList, fallback: "" },
  SMTP_URL: { codec: t.union([SmtpUrl, t.undefined]), fallback: undefined },
  SMTP_FROM: { codec: t.string, fallback: "Credence Protocol Guard <guard@credence.invalid>" },
  // Tries at one block before Protocol Guard skips it with a block_skipped alert. With retries doubling from
  // 1 s, 5 tries span about 15 s: a scorer or RPC hiccup of a few seconds is ridden out, while a block that
  // can never be scored holds the blocks behind it (30 at Arc's 0.5 s) for 15 s, not for ever.
  GUARD_BLOCK_MAX_ATTEMPTS: { codec: intInRange("attempts", 1, 100), fallback: "5" },
  GUARD_SECRET_KEY: { codec: t.union([HexKey, t.undefined]), fallback: undefined },
  WEBHOOK_SIGNING_KEY: { codec: t.union([t.string, t.undefined]), fallback: undefined },
  PAYMENT_RESERVATION_LEASE_SECONDS: { codec: intInRange("seconds", 5, 86_400), fallback: "120" },
  // Sanctions screening (issue 33 item 4): the shipped dated snapshot unless another file is named.
  SANCTIONS_LIST_FILE: { codec: t.union([t.string, t.undefined]), fallback: undefined },
  SANCTIONS_EXTRA_FILE: { codec: t.union([t.string, t.undefined]), fallback: undefined },
  SANCTIONS_REFUSE_PAYERS: { codec: t.keyof({ true: null, false: null }), fallback: "true" },
  SANCTIONS_RATE_LIMIT_PER_MINUTE: perMinute("60"),
  // Scores on chain (issue 33 item 5): the registry is written only when both are set.
  SCORE_REGISTRY_ADDRESS: { codec: t.union([AddressCodec, t.undefined]), fallback: undefined },
  REGISTRY_ORACLE_PRIVATE_KEY: { codec: t.union([PrivateKey, t.undefined]), fallback: undefined },
  REGISTRY_PUBLISH_RATE_LIMIT_PER_MINUTE: perMinute("10"),
  GUARD_PUBLISHES_SCORES: { codec: t.keyof({ true: null, false: null }), fallback: "false" },
  REGISTRY_REFRESH_SECONDS: { codec: intInRange("seconds", 0, 365 * 86_400), fallback: "86400" },
  EVM_WRITE_BUDGET_GAS_PER_DAY: { codec: intInRange("gas per day", 0, 2 ** 53 - 1), fallback: "30000000" },
  // RPC mode with DATABASE_URL: one instance follows the chain; a killed one is replaced within this lease.
  CHAIN_FOLLOWER_LEASE_SECONDS: { codec: intInRange("seconds", 2, 300), fallback: "10" },
  // Where Protocol Guard's per-block work runs: in every process (inline), or once across the instances
  // through a pg-boss queue in DATABASE_URL's PostgreSQL (issue 34 item 2).
  GUARD_WORK_QUEUE: { codec: t.keyof({ inline: null, "pg-boss": null }), fallback: "inline" },
  // pg-boss: a held block job whose heartbeat is this old goes to another instance (pg-boss's minimum is 10).
  GUARD_JOB_HEARTBEAT_SECONDS: { codec: intInRange("seconds", 10, 300), fallback: "10" },
  // pg-boss: each block is queued as this many jobs, one per partition of the subscriptions (hash of the id),
  // each its own ordered key, so instances work a block's partitions at once. 1 = one ordered job per block.
  GUARD_WORK_PARTITIONS: { codec: intInRange("partitions", 1, 256), fallback: "8" },
  // RPC mode with DATABASE_URL: one instance recomputes graph trust. Louvain runs synchronously (41 s on a
  // 1,000,000-edge graph, docs/benchmarks.md) and no renewal can be sent meanwhile, so the lease must outlast it.
  GRAPH_TRUST_LEASE_SECONDS: { codec: intInRange("seconds", 10, 3_600), fallback: "300" },
} as const;

/** Never echoed back, not even when malformed: a key pasted without its 0x is still a key. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set([
  "ATTESTATION_PRIVATE_KEY",
  "RISK_CHECK_PRIVATE_JWK",
  "PAYMENT_SETTLEMENT_PRIVATE_KEY",
  "REGISTRY_ORACLE_PRIVATE_KEY",
  "DATABASE_URL",
  "REDIS_URL",
  "RPC_URL",
  "EXPLORER_API_URL",
  "PAYMENT_FACILITATOR_URL",
  "SMTP_URL",
  "GUARD_SECRET_KEY",
  "WEBHOOK_SIGNING_KEY",
  // Digests are not secrets, but a key pasted here by mistake would be.
  "PLATFORM_API_KEYS",
  "OPERATOR_API_KEYS",
  ...SUI_SECRET_VARIABLES,
]);

type Variables = typeof variables;
export type EnvValues = { readonly [K in keyof Variables]: t.TypeOf<Variables[K]["codec"]> };

export interface Config {
  readonly env: EnvValues;
  /** Signs attestations: configured, or (embedded default only) a fresh dev key per process. */
  readonly attestationKey: AttestationKey;
  /** Signs risk-check results (ES256): configured, or a fresh P-256 key per process. */
  readonly riskCheckKey: KeyObject;
  /** No RPC_URL: run the embedded dev chain and our own index. */
  readonly chainMode: "embedded" | "rpc";
  readonly trustedProxies: ReadonlySet<string>;
  /** Protocol Guard's sealing/derivation key and webhook signing key: configured, or fresh per process (embedded). */
  readonly guardKeys: GuardKeys;
}

/** Decodes the environment; on failure, one message per bad variable naming it. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): E.Either<readonly string[], Config> {
  const errors: string[] = [];
  const values: Record<string, unknown> = {};
  const derived = arcDefaults(env);
  for (const [name, { codec, fallback }] of Object.entries(variables)) {
    const raw = env[name] === undefined || env[name] === "" ? (derived[name] ?? fallback) : env[name];
    const decoded = (codec as t.Decoder<unknown, unknown>).decode(raw);
    if (E.isLeft(decoded)) {
      const why = decoded.left.map((e) => e.message).find((m) => m !== undefined) ?? "invalid value";
      const shown = SECRET_VARIABLES.has(name) ? "<redacted>" : JSON.stringify(env[name]);
      errors.push(`${name}=${shown}: ${why}`);
    } else {
      values[name] = decoded.right;
    }
  }
  const decoded = values as EnvValues;
  if (errors.length === 0)
    errors.push(
      ...productionRequirements(decoded),
      ...suiRequirements(decoded),
      ...separateOperatorKeys(decoded),
      ...arcConsistency(env, decoded),
      ...registryRequirements(decoded),
      ...guardQueueRequirements(decoded),
    );
  const attestationKey = resolveAttestationKey({
    privateKey: decoded.ATTESTATION_PRIVATE_KEY,
    embeddedDefault: decoded.RPC_URL === undefined,
  });
  if (E.isLeft(attestationKey)) errors.push(attestationKey.left);
  const guardKeys = resolveGuardKeys(
    decoded.GUARD_SECRET_KEY,
    decoded.WEBHOOK_SIGNING_KEY,
    decoded.RPC_URL === undefined,
  );
  if (E.isLeft(guardKeys)) errors.push(...guardKeys.left);
  const riskCheckKey = resolveRiskCheckKey(decoded.RISK_CHECK_PRIVATE_JWK);
  if (E.isLeft(riskCheckKey)) errors.push(riskCheckKey.left);
  if (errors.length > 0 || E.isLeft(attestationKey) || E.isLeft(guardKeys) || E.isLeft(riskCheckKey)) {
    return E.left(errors);
  }
  return E.right({
    env: decoded,
    attestationKey: attestationKey.right,
    riskCheckKey: riskCheckKey.right,
    chainMode: decoded.RPC_URL === undefined ? "embedded" : "rpc",
    trustedProxies: new Set(decoded.TRUSTED_PROXIES),
    guardKeys: guardKeys.right,
  });
}

/**
 * Lays settings implied by the embedded world under the decoded environment: a variable the
 * operator set still wins; the chain mode (and so every production requirement) is unchanged.
 */
export function withDefaults(config: Config, defaults: Partial<EnvValues>): Config {
  const env = { ...config.env } as Record<string, unknown>;
  for (const [name, value] of Object.entries(defaults)) if (env[name] === undefined) env[name] = value;
  return { ...config, env: env as EnvValues };
}

/** ARC_NETWORK sets the chain's defaults; a variable set explicitly still wins (and is checked below). */
function arcDefaults(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const arc = ARC_NETWORKS[env.ARC_NETWORK === "mainnet" ? "mainnet" : "testnet"];
  return { CHAIN_ID: String(arc.chainId), PAYMENT_NETWORK: arc.x402V1Network, PAYMENT_ASSET: arc.usdc };
}

/** An explicit CHAIN_ID or PAYMENT_NETWORK of the other Arc network is a mix-up, not a choice. */
function arcConsistency(raw: Readonly<Record<string, string | undefined>>, env: EnvValues): string[] {
  const arc = ARC_NETWORKS[env.ARC_NETWORK];
  const problems: string[] = [];
  const chain = arcNetworkOf(env.CHAIN_ID);
  if (chain !== null && chain.name !== arc.name && raw.CHAIN_ID !== undefined && raw.CHAIN_ID !== "")
    problems.push(`CHAIN_ID=${env.CHAIN_ID}: Arc ${chain.name}, but ARC_NETWORK=${arc.name} (chain ${arc.chainId})`);
  const network = arcNetworkOf(env.PAYMENT_NETWORK);
  if (network !== null && network.name !== arc.name)
    problems.push(`PAYMENT_NETWORK=${env.PAYMENT_NETWORK}: Arc ${network.name}, but ARC_NETWORK=${arc.name}`);
  return problems;
}

/** A key in both lists would let a platform client act as the operator: the credentials must stay apart. */
function separateOperatorKeys(env: EnvValues): string[] {
  const shared = env.OPERATOR_API_KEYS.filter((digest) => env.PLATFORM_API_KEYS.includes(digest));
  return shared.length === 0
    ? []
    : [`OPERATOR_API_KEYS: ${shared.length} digest(s) also in PLATFORM_API_KEYS; the operator needs keys of its own`];
}

/** The shared queue lives in PostgreSQL: without one there is nothing to share it through. */
function guardQueueRequirements(env: EnvValues): string[] {
  return env.GUARD_WORK_QUEUE === "pg-boss" && env.DATABASE_URL === undefined
    ? ["GUARD_WORK_QUEUE: pg-boss needs DATABASE_URL (the queue lives in its PostgreSQL)"]
    : [];
}

/** A registry address without the key that may write it (or the reverse) is a half-configured feature. */
function registryRequirements(env: EnvValues): string[] {
  if ((env.SCORE_REGISTRY_ADDRESS === undefined) === (env.REGISTRY_ORACLE_PRIVATE_KEY === undefined)) return [];
  return env.SCORE_REGISTRY_ADDRESS === undefined
    ? ["SCORE_REGISTRY_ADDRESS: required with REGISTRY_ORACLE_PRIVATE_KEY (the registry the key writes)"]
    : ["REGISTRY_ORACLE_PRIVATE_KEY: required with SCORE_REGISTRY_ADDRESS (the registry's oracle key)"];
}

/**
 * Outside the embedded default the service handles real money and real attestations, so what
 * the dev chain can supply for itself must be configured.
 */
function productionRequirements(env: EnvValues): string[] {
  if (env.RPC_URL === undefined) return [];
  const missing: string[] = [];
  if (env.PAYMENT_PAY_TO === undefined)
    missing.push("PAYMENT_PAY_TO: required with RPC_URL (where oracle payments go)");
  if (env.PAYMENT_MODE === "local" && env.PAYMENT_SETTLEMENT_PRIVATE_KEY === undefined) {
    missing.push(
      "PAYMENT_SETTLEMENT_PRIVATE_KEY: required with RPC_URL in local payment mode (it submits settlements)",
    );
  }
  if (env.PAYMENT_MODE === "facilitator" && env.PAYMENT_FACILITATOR_URL === undefined) {
    missing.push("PAYMENT_FACILITATOR_URL: required when PAYMENT_MODE=facilitator");
  }
  if (env.DATABASE_URL === undefined) {
    missing.push("DATABASE_URL: required with RPC_URL (spent payments must survive a restart)");
  }
  // The development mnemonic's keys are public: a settlement key from it can be drained, a payee
  // from it receives money anyone can take.
  if (env.PAYMENT_SETTLEMENT_PRIVATE_KEY !== undefined && isWellKnownDevKey(env.PAYMENT_SETTLEMENT_PRIVATE_KEY)) {
    missing.push(
      "PAYMENT_SETTLEMENT_PRIVATE_KEY: a well-known development key (public mnemonic) is refused with RPC_URL",
    );
  }
  if (env.PAYMENT_PAY_TO !== undefined && isWellKnownDevAddress(env.PAYMENT_PAY_TO)) {
    missing.push("PAYMENT_PAY_TO: an account of the well-known development mnemonic is refused with RPC_URL");
  }
  return missing;
}
