import * as E from "fp-ts/Either";
import pino from "pino";
import type Router from "@koa/router";
import type { Middleware } from "koa";
import { EthersChainReader } from "../../src/adapters/chain/ethers-chain-reader.adapter";
import { LocalIndexExplorer } from "../../src/adapters/explorer/local-index-explorer.adapter";
import { buildHttpApp } from "../../src/adapters/http/app";
import { GraphologyTransferGraph } from "../../src/adapters/graphology/graphology-transfer-graph.adapter";
import { loadConfig, type Config } from "../../src/infrastructure/config/config";
import { buildContainer, type Runtime } from "../../src/infrastructure/container";
import { startHttpServer, type RunningServer } from "../../src/infrastructure/http-server";
import { marketSettings } from "../../src/infrastructure/market-settings";
import { priceSourceFor } from "../../src/infrastructure/modules/staking.module";
import { composeRouters } from "../../src/infrastructure/routers";
import { SuiGraphQLClient } from "@mysten/sui/graphql";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { SuiGraphQLChain } from "../../src/adapters/sui/sui-graphql-chain.adapter";
import { asSuiAddress } from "../../src/domain/sui/sui-address";

/** The real Sui adapter pointed where nothing listens (never called by the main app's routes). */
export function detachedSuiChain(): SuiGraphQLChain {
  const client = new SuiGraphQLClient({ url: "http://127.0.0.1:9/graphql", network: "testnet" });
  const target = { registryId: asSuiAddress("0x1234"), packageId: asSuiAddress("0x5678") };
  return new SuiGraphQLChain(client, target, new Ed25519Keypair());
}

export const silentLogger = pino({ level: "silent" });

export function testConfig(env: Record<string, string> = {}): Config {
  const config = loadConfig({
    PORT: "0",
    PAYMENT_PAY_TO: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    PAYMENT_SETTLEMENT_PRIVATE_KEY: "0x" + "11".repeat(32),
    ...env,
  });
  if (E.isLeft(config)) throw new Error(config.left.join("; "));
  return config.right;
}

/**
 * The production adapters pointed at a port where nothing listens and never started: the edge
 * tests exercise validation, CORS and limits, which must not depend on a chain.
 */
export function detachedChain(): Runtime["chain"] {
  const rpcUrl = "http://127.0.0.1:9";
  return {
    chainId: 5042002,
    rpcUrl,
    chainReader: new EthersChainReader({
      rpcUrl,
      chainId: 5042002,
      timeoutMs: 200,
      retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    }),
    explorer: new LocalIndexExplorer({ rpcUrl }),
    probes: [],
    transferGraph: new GraphologyTransferGraph({
      pricing: { nativeDecimals: 18, nativeUnitUsd: 1, tokens: new Map() },
    }),
  };
}

/** Production wiring over a detached chain (see detachedChain). */
export function detachedRuntime(env: Record<string, string> = {}): Runtime {
  const config = testConfig(env);
  const chain = detachedChain();
  const market = marketSettings(config);
  return {
    config,
    logger: silentLogger,
    chain,
    market,
    quoteTokens: [],
    priceSource: priceSourceFor(chain.chainReader, market),
    suiChain: detachedSuiChain(),
  };
}

/** A real server on 127.0.0.1 with the production routers (or the given ones). */
export async function startTestServer(
  options: { env?: Record<string, string>; routers?: Router[] } = {},
): Promise<RunningServer> {
  const runtime = detachedRuntime(options.env);
  const { config } = runtime;
  const container = buildContainer(runtime);
  const routes = options.routers ?? composeRouters(container, config, () => "http://127.0.0.1", null);
  const app = buildHttpApp({ logger: silentLogger, ...(Array.isArray(routes) ? { routers: routes } : routes) });
  return startHttpServer(app, "127.0.0.1", 0);
}

/** A rate limit that never limits, for route tests about something else. */
export const unlimited: Middleware = async (_ctx, next) => next();
