import * as TE from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure } from "../../../src/application/failures";
import type {
  CallOutcome,
  CallRequest,
  ChainReader,
  LogFilter,
} from "../../../src/application/ports/chain-reader.port";
import type { ExplorerHistory, HistoryQuery } from "../../../src/application/ports/explorer-history.port";
import type { Address } from "../../../src/domain/chain/address";
import type {
  AddressKind,
  BlockRef,
  ChainTransaction,
  ContractCreation,
  EventLog,
  Hex,
  Page,
  TokenHolding,
  TokenMetadata,
  TokenTransfer,
  TxHash,
  TxReceipt,
} from "../../../src/domain/chain/chain-types";
import { OWNER_SELECTOR, STAKE_SELECTORS, UNSTAKE_SELECTORS } from "../../../src/domain/staking/staking-signatures";
import { DAY, NOW, stakedLog, transferLog, tx, unstakedLog } from "../../unit/domain/staking/staking-fixtures";

const BLOCK_SECONDS = 60;
const GENESIS = NOW - 1000 * DAY;
const blockAt = (time: number): number => Math.floor((time - GENESIS) / BLOCK_SECONDS);

export interface StakeSpec {
  readonly from: Address;
  readonly contract: Address;
  readonly daysAgo: number;
  readonly amount: bigint;
  /** ERC-20 staked; native (tx value) when absent. */
  readonly token?: Address;
  /** stakeFor beneficiary. */
  readonly user?: Address;
  readonly lockDays?: number;
  /** false: the contract emits no Staked event (found by selector only). */
  readonly emits?: boolean;
}

/**
 * A hand-written chain + explorer for the staking use-cases: transactions with receipts and
 * logs, contract creations, owners, address kinds. Unsupported reads fail like an upstream would.
 */
export class FakeStakingWorld implements ChainReader, ExplorerHistory {
  private readonly txs: ChainTransaction[] = [];
  private readonly receipts = new Map<TxHash, TxReceipt>();
  private readonly creations = new Map<Address, ContractCreation>();
  private readonly owners = new Map<Address, Address>();
  private readonly kinds = new Map<Address, AddressKind>();
  private n = 1;
  now = NOW;
  failing: "explorer" | "rpc" | null = null;

  stake(spec: StakeSpec): TxHash {
    const at = NOW - spec.daysAgo * DAY;
    const hash = tx(this.n++);
    const beneficiary = spec.user ?? spec.from;
    const selector = spec.user
      ? STAKE_SELECTORS["stakeFor(address,uint256)"]
      : spec.token
        ? STAKE_SELECTORS["stake(uint256,uint256)"]
        : STAKE_SELECTORS["stake()"];
    const logs: EventLog[] = [];
    if (spec.token) logs.push(transferLog(spec.token, spec.from, spec.contract, spec.amount, hash, 0));
    if (spec.emits !== false)
      logs.push(
        stakedLog(spec.contract, beneficiary, spec.amount, spec.lockDays ? at + spec.lockDays * DAY : 0, hash, 1),
      );
    this.record(hash, at, spec.from, spec.contract, spec.token ? 0n : spec.amount, selector, logs);
    return hash;
  }

  unstake(spec: Omit<StakeSpec, "user" | "lockDays">): TxHash {
    const at = NOW - spec.daysAgo * DAY;
    const hash = tx(this.n++);
    const logs: EventLog[] = [];
    if (spec.token) logs.push(transferLog(spec.token, spec.contract, spec.from, spec.amount, hash, 0));
    if (spec.emits !== false) logs.push(unstakedLog(spec.contract, spec.from, spec.amount, hash, 1));
    this.record(hash, at, spec.from, spec.contract, 0n, UNSTAKE_SELECTORS["unstake(uint256)"], logs);
    return hash;
  }

  deploy(from: Address, contract: Address, kind: AddressKind, daysAgo: number, owner?: Address): TxHash {
    const at = NOW - daysAgo * DAY;
    const hash = tx(this.n++);
    this.kinds.set(contract, kind);
    this.creations.set(contract, { contract, creator: from, txHash: hash, blockNumber: blockAt(at), timestamp: at });
    if (owner) this.owners.set(contract, owner);
    this.txs.push({
      hash,
      blockNumber: blockAt(at),
      timestamp: at,
      from,
      to: null,
      value: 0n,
      selector: "0x",
      success: true,
      contractCreated: contract,
    });
    this.receipts.set(hash, {
      hash,
      blockNumber: blockAt(at),
      from,
      to: null,
      success: true,
      contractAddress: contract,
      logs: [],
    });
    return hash;
  }

  private record(
    hash: TxHash,
    at: number,
    from: Address,
    to: Address,
    value: bigint,
    selector: string,
    logs: EventLog[],
  ): void {
    const blockNumber = blockAt(at);
    this.txs.push({ hash, blockNumber, timestamp: at, from, to, value, selector, success: true });
    this.receipts.set(hash, {
      hash,
      blockNumber,
      from,
      to,
      success: true,
      contractAddress: null,
      logs: logs.map((l) => ({ ...l, blockNumber })),
    });
  }

  private answer<T>(source: "rpc" | "explorer", value: () => T): TE.TaskEither<UpstreamFailure, T> {
    return this.failing === source ? TE.left(upstreamFailure(source, "fake outage")) : TE.fromIO(value);
  }

  // ChainReader (its state moves only when a test moves it, so a pinned read is a head read)
  atBlock = <E, A>(_block: number, task: TE.TaskEither<E, A>) => task;
  chainId = () => this.answer("rpc", () => 5042002);
  headBlock = () =>
    this.answer("rpc", (): BlockRef => ({ number: blockAt(this.now), timestamp: this.now, hash: "0xhead" }));
  block = (number: number) =>
    this.answer("rpc", (): BlockRef | null => ({
      number,
      timestamp: GENESIS + number * BLOCK_SECONDS,
      hash: `0x${number}`,
    }));
  // Staking never reads storage, traces or calldata: a node without them is a fair stand-in.
  storageAt = () => this.answer("rpc", () => `0x${"0".repeat(64)}` as Hex);
  traceCall = () => this.answer("rpc", () => null);
  simulate = () =>
    this.answer("rpc", () => ({
      blockNumber: 0,
      outcome: { ok: true as const, returnData: "0x" as Hex },
      effects: null,
    }));
  transactionInput = () => this.answer("rpc", () => null);
  receipt = (hash: TxHash) => this.answer("rpc", () => this.receipts.get(hash) ?? null);
  classify = (address: Address) => this.answer("rpc", (): AddressKind => this.kinds.get(address) ?? "eoa");
  call = (request: CallRequest) =>
    this.answer("rpc", (): CallOutcome => {
      const owner = this.owners.get(request.to);
      return request.data === OWNER_SELECTOR && owner
        ? { ok: true, returnData: `0x${owner.slice(2).padStart(64, "0")}` as Hex }
        : { ok: false, revertData: "0x" as Hex, reason: null };
    });
  logs = (filter: LogFilter) =>
    this.answer("rpc", () => {
      const addresses = filter.address === undefined ? null : ([] as Address[]).concat(filter.address);
      const [topic0, topic1] = filter.topics ?? [];
      const matches = (want: Hex | readonly Hex[] | null | undefined, got: Hex | undefined) =>
        want === undefined || want === null || (typeof want === "string" ? [want] : want).includes(got as Hex);
      return [...this.receipts.values()]
        .flatMap((r) => r.logs)
        .filter(
          (l) =>
            l.blockNumber >= filter.fromBlock &&
            l.blockNumber <= filter.toBlock &&
            (addresses === null || addresses.includes(l.address)) &&
            matches(topic0, l.topics[0]) &&
            matches(topic1, l.topics[1]),
        );
    });
  codeAt = (_: Address) => this.unsupported<Hex>();
  nativeBalance = (_: Address) => this.unsupported<bigint>();
  nonce = (_: Address) => this.unsupported<number>();
  tokenMetadata = (_: Address) => this.unsupported<TokenMetadata>();
  tokenBalance = (_: Address, __: Address) => this.unsupported<bigint>();

  // ExplorerHistory
  transactionsOf = (address: Address, query?: HistoryQuery) =>
    this.answer("explorer", (): Page<ChainTransaction> => {
      const all = this.txs
        .filter((t) => t.from === address || t.to === address)
        .sort((a, b) => a.blockNumber - b.blockNumber);
      const limit = query?.limit ?? 1000;
      return all.length <= limit
        ? { items: all, coverage: { complete: true, items: all.length } }
        : { items: all.slice(-limit), coverage: { complete: false, items: limit, truncatedAt: limit } };
    });
  contractCreation = (contract: Address) => this.answer("explorer", () => this.creations.get(contract) ?? null);
  tokenTransfersOf = (_: Address) => this.unsupported<Page<TokenTransfer>>();
  nftTransfersOf = (_: Address) => this.unsupported<Page<TokenTransfer>>();
  transfersOfToken = (_: Address) => this.unsupported<Page<TokenTransfer>>();
  holdersOf = (_: Address) => this.unsupported<Page<TokenHolding>>();

  private unsupported<T>(): TE.TaskEither<UpstreamFailure, T> {
    return TE.left(upstreamFailure("rpc", "not modelled by the fake"));
  }
}
