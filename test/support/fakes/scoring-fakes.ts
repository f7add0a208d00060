import type { GraphSignals } from "../../../src/application/ports/graph-signals.port";
import type { ContractCapabilityProber } from "../../../src/application/ports/contract-capability-prober.port";
import * as TE from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure } from "../../../src/application/failures";
import type { CallOutcome, CallRequest, ChainReader } from "../../../src/application/ports/chain-reader.port";
import type { ExplorerHistory } from "../../../src/application/ports/explorer-history.port";
import type { SellSimulator } from "../../../src/application/ports/sell-simulator.port";
import { DEFAULT_SCORING_LIMITS, type ScoringSettings } from "../../../src/application/ports/scoring-settings.port";
import type { StakingInputSource } from "../../../src/application/ports/staking-input-source.port";
import { type Address, asAddress } from "../../../src/domain/chain/address";
import type {
  AddressKind,
  BlockRef,
  ChainTransaction,
  ContractCreation,
  Hex,
  Page,
  TokenHolding,
  TokenTransfer,
  TxHash,
} from "../../../src/domain/chain/chain-types";

export const addr = (n: number): Address => asAddress(`0x${n.toString(16).padStart(40, "0")}`);
export const hash = (n: number): TxHash => `0x${n.toString(16).padStart(64, "0")}` as TxHash;
export const page = <T>(items: readonly T[]): Page<T> => ({ items, coverage: { complete: true, items: items.length } });
export const word = (value: bigint | Address): string =>
  (typeof value === "bigint" ? value.toString(16) : value.slice(2)).padStart(64, "0");
export const ok = (...words: string[]): CallOutcome => ({ ok: true, returnData: `0x${words.join("")}` as Hex });

export const USDC = addr(0x3600);
export const WETH = addr(0x4200);
export const FACTORY = addr(0xfac);
export const HEAD: BlockRef = { number: 1_000, timestamp: 1_700_000_000, hash: "0xhead" };

export function settings(overrides: Partial<ScoringSettings> = {}): ScoringSettings {
  return {
    officialIssuers: [USDC],
    dexFactories: [FACTORY],
    dexRouters: [],
    quoteTokens: [
      { address: USDC, decimals: 6, unitUsd: 1 },
      { address: WETH, decimals: 18, unitUsd: 2_000 },
    ],
    nativeDecimals: 18,
    nativeUnitUsd: 2_000,
    fundingLabels: {},
    cacheTtlMs: 10_000,
    cacheMaxEntries: 100,
    limits: DEFAULT_SCORING_LIMITS,
    ...overrides,
  };
}

/** A chain whose eth_calls are answered by `answer(request)` (unknown calls revert). */
export function fakeChain(
  world: {
    kinds?: Record<string, AddressKind>;
    answer?: (r: CallRequest) => CallOutcome | undefined;
    failClassify?: boolean;
  } = {},
): ChainReader & { callsMade: CallRequest[] } {
  const callsMade: CallRequest[] = [];
  const notUsed = (): TE.TaskEither<UpstreamFailure, never> => TE.left(upstreamFailure("rpc", "not used in this test"));
  return {
    callsMade,
    // One fixed state: reads at a pinned block are the reads at the head.
    atBlock: (_block, task) => task,
    chainId: () => TE.right(1),
    headBlock: () => TE.right(HEAD),
    block: () => TE.right(HEAD),
    codeAt: () => TE.right("0x6000" as Hex),
    nativeBalance: () => TE.right(10n ** 18n),
    nonce: () => TE.right(0),
    receipt: notUsed,
    logs: () => TE.right([]),
    storageAt: () => TE.right(`0x${"0".repeat(64)}` as Hex),
    traceCall: () => TE.right(null),
    simulate: () =>
      TE.right({ blockNumber: 0, outcome: { ok: true as const, returnData: "0x" as Hex }, effects: null }),
    transactionInput: () => TE.right(null),
    call: (request) => {
      callsMade.push(request);
      return TE.right(world.answer?.(request) ?? { ok: false, revertData: "0x" as Hex, reason: null });
    },
    classify: (address) =>
      world.failClassify === true
        ? TE.left(upstreamFailure("rpc", "node down"))
        : TE.right(world.kinds?.[address] ?? "eoa"),
    tokenMetadata: () => TE.right({ name: "T", symbol: "T", decimals: 18, totalSupply: 1_000_000n }),
    tokenBalance: () => TE.right(0n),
  };
}

export interface ExplorerData {
  readonly transactions?: Record<string, ChainTransaction[]>;
  readonly tokenTransfers?: Record<string, TokenTransfer[]>;
  readonly transfersOfToken?: Record<string, TokenTransfer[]>;
  readonly creations?: Record<string, ContractCreation>;
  readonly holders?: Record<string, TokenHolding[]>;
}

export function fakeExplorer(data: ExplorerData = {}): ExplorerHistory & { reads: string[] } {
  const reads: string[] = [];
  const read = <T>(
    what: string,
    address: Address,
    source: Record<string, T[]> | undefined,
  ): TE.TaskEither<UpstreamFailure, Page<T>> => {
    reads.push(`${what}:${address}`);
    return TE.right(page(source?.[address] ?? []));
  };
  return {
    reads,
    transactionsOf: (a) => read("transactionsOf", a, data.transactions),
    tokenTransfersOf: (a) => read("tokenTransfersOf", a, data.tokenTransfers),
    nftTransfersOf: (a) => read("nftTransfersOf", a, undefined),
    transfersOfToken: (a) => read("transfersOfToken", a, data.transfersOfToken),
    contractCreation: (a) => TE.right(data.creations?.[a] ?? null),
    holdersOf: (a) => read("holdersOf", a, data.holders),
  };
}

export const noStaking: StakingInputSource = { stakingOf: () => TE.right(null) };

/** No graph trust computed: scoring scores as it did before graph trust existed. */
export const noGraphSignals: GraphSignals = {
  walletInput: () => null,
  layeredFunding: () => null,
  fundingRoots: () => new Map(),
  holderClusters: () => null,
};

export function recordingSimulator(): SellSimulator & { requests: Parameters<SellSimulator["simulate"]>[0][] } {
  const requests: Parameters<SellSimulator["simulate"]>[0][] = [];
  return {
    requests,
    simulate: (request) => {
      requests.push(request);
      return TE.right({ blockNumber: request.blockNumber, attempts: [] });
    },
  };
}

/** A prober whose node refuses every probe: the assembler must answer with capabilities unknown. */
export const unavailableProber: ContractCapabilityProber = {
  probe: () => TE.left(upstreamFailure("rpc", "probes refused")),
};

export function tx(
  n: number,
  from: Address,
  to: Address | null,
  value: bigint,
  timestamp: number,
  extra: Partial<ChainTransaction> = {},
): ChainTransaction {
  return { hash: hash(n), blockNumber: n, timestamp, from, to, value, selector: "0x", success: true, ...extra };
}

export function erc20(
  n: number,
  token: Address,
  from: Address,
  to: Address,
  value: bigint,
  timestamp: number,
): TokenTransfer {
  return { standard: "ERC20", token, from, to, value, txHash: hash(n), logIndex: 0, blockNumber: n, timestamp };
}
