import type { Server } from "node:http";
import { HDNodeWallet, Mnemonic } from "ethers";
import { createHardhatNetworkProvider } from "hardhat/internal/hardhat-network/provider/provider";
import { JsonRpcServer } from "hardhat/internal/hardhat-network/jsonrpc/server";
import type { EIP1193Provider } from "hardhat/types";
import { serveCallTracer } from "./edr-call-tracer";
import { edrProviderOf } from "./edr-provider";
import { collectTracesAfterSlowRequests } from "./trace-collection";
import { answerWholeJsonWhenItFits } from "./whole-json-answers";

/** The well-known development mnemonic: its keys are public, so this chain holds nothing of value. */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";

/** Arc testnet's chain id: the embedded chain mirrors its identity so clients need no special case. */
export const ARC_TESTNET_CHAIN_ID = 5042002;

export interface DevAccount {
  readonly address: string;
  readonly privateKey: string;
}

export interface EmbeddedChainOptions {
  readonly host: string;
  readonly port: number;
  readonly chainId?: number;
  readonly accountCount?: number;
  /** Genesis block time; a seeded world starts its history in the past so its head lands on the wall clock. */
  readonly initialDate?: Date;
  /** Lifts EIP-170's 24 KiB code limit (off by default; the real-contracts eval turns it on for sources deployed unoptimised). */
  readonly allowUnlimitedContractSize?: boolean;
}

export interface EmbeddedChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly accounts: readonly DevAccount[];
  /** In-process EIP-1193 provider: faster than HTTP for seeding. */
  readonly provider: EIP1193Provider;
  /**
   * Runs `calls` in order as one JSON-RPC batch inside EDR (a replayed world: one crossing into EDR instead of one
   * per call, and nothing for this thread to do meanwhile). Resolves to their results; rejects at the first call
   * that fails, the calls before it applied.
   */
  requestInOrder(calls: readonly JsonRpcCall[]): Promise<readonly unknown[]>;
  close(): Promise<void>;
}

export interface JsonRpcCall {
  readonly method: string;
  readonly params: readonly unknown[];
}

/** EDR answers a batch with one response: `result` holds each call's result, or `error` the first failure's. */
async function requestInOrder(provider: EIP1193Provider, calls: readonly JsonRpcCall[]): Promise<readonly unknown[]> {
  const edr = edrProviderOf(provider);
  if (edr === null) {
    // Another Hardhat release without the field: the same calls, one by one.
    const results: unknown[] = [];
    for (const call of calls) results.push(await provider.request({ method: call.method, params: [...call.params] }));
    return results;
  }
  const batch = calls.map((call, id) => ({ jsonrpc: "2.0", id, method: call.method, params: call.params }));
  const answer = await edr.handleRequest(JSON.stringify(batch));
  const body = (typeof answer.data === "string" ? JSON.parse(answer.data) : answer.data) as {
    result?: unknown;
    error?: { message?: string };
  };
  if (Array.isArray(body.result) && body.result.length === calls.length) return body.result as unknown[];
  throw new Error(`EDR refused a batch of ${calls.length} calls: ${body.error?.message ?? JSON.stringify(body)}`);
}

/**
 * The mnemonic's first `count` accounts (m/44'/60'/0'/0/i). The parent node is derived once and each account is one
 * step below it: deriving every path from the root cost five steps (a public key each) per account, ~150 ms of each
 * start for 20 accounts, against ~20 ms.
 */
export function devAccounts(count: number): DevAccount[] {
  const parent = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(DEV_MNEMONIC), "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, i) => {
    const wallet = parent.deriveChild(i);
    return { address: wallet.address, privateKey: wallet.privateKey };
  });
}

/** Gas money for each dev account: plenty, since the chain is throwaway. */
const DEV_ACCOUNT_BALANCE = 10n ** 24n;

/**
 * Hardhat's EDR provider with the embedded chain's settings, as Hardhat makes it: none of what startEmbeddedChain adds
 * (the callTracer, the collection of traces after slow requests, the JSON-RPC server). The chain-memory bench's
 * baseline.
 */
export function createChainProvider(
  options: Pick<EmbeddedChainOptions, "initialDate" | "allowUnlimitedContractSize"> & {
    readonly chainId: number;
    readonly accounts: readonly DevAccount[];
  },
): Promise<EIP1193Provider> {
  return createHardhatNetworkProvider(
    {
      hardfork: "cancun",
      chainId: options.chainId,
      networkId: options.chainId,
      blockGasLimit: 30_000_000,
      minGasPrice: 0n,
      automine: true,
      intervalMining: 0,
      mempoolOrder: "priority",
      chains: new Map(),
      genesisAccounts: options.accounts.map((a) => ({
        privateKey: a.privateKey,
        balance: DEV_ACCOUNT_BALANCE.toString(),
      })),
      allowUnlimitedContractSize: options.allowUnlimitedContractSize ?? false,
      throwOnTransactionFailures: true,
      throwOnCallFailures: true,
      allowBlocksWithSameTimestamp: false,
      enableTransientStorage: false,
      enableRip7212: false,
      ...(options.initialDate === undefined ? {} : { initialDate: options.initialDate }),
    },
    { enabled: false, printLineFn: () => {}, replaceLastLineFn: () => {} },
  );
}

/**
 * Starts Hardhat's EDR in-process and serves it over standard JSON-RPC (HTTP and WebSocket),
 * so ethers, viem, wallets and x402 clients talk to it as to any node.
 */
export async function startEmbeddedChain(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
  const chainId = options.chainId ?? ARC_TESTNET_CHAIN_ID;
  const accounts = devAccounts(options.accountCount ?? 20);
  const provider = await createChainProvider({ ...options, chainId, accounts });
  answerWholeJsonWhenItFits();
  const edr = edrProviderOf(provider);
  if (edr !== null) collectTracesAfterSlowRequests(edr);
  serveCallTracer(provider);
  const server = new JsonRpcServer({ hostname: options.host, port: options.port, provider });
  const bound = await server.listen();
  return {
    rpcUrl: `http://${options.host}:${bound.port}`,
    chainId,
    accounts,
    provider,
    requestInOrder: (calls) => requestInOrder(provider, calls),
    close: async () => {
      const closing = server.close();
      // http.Server's close waits for every open connection to end, and a client still polling the chain (a second
      // service, a wallet) keeps its keep-alive connection busy forever: a shutdown hung on it (e2e root teardown
      // past 120 s). The server is Hardhat's field; closing it also ends the connections in hand.
      (server as unknown as { _httpServer?: Server })._httpServer?.closeAllConnections();
      await closing;
    },
  };
}
