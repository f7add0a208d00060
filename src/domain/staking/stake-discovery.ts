import type { Address } from "../chain/address";
import type { ChainTime, ChainTransaction, EventLog, TxReceipt } from "../chain/chain-types";
import { addressFromWord, wordAt } from "../chain/abi-words";
import type { StakeActivity } from "./stake-activity";
import { stakeKindOfSelector, stakeKindOfTopic, TRANSFER_TOPIC } from "./staking-signatures";

export interface StakeReceipt {
  readonly receipt: TxReceipt;
  /** The transaction as history knows it (value, selector); absent when found through logs only. */
  readonly transaction?: ChainTransaction;
  readonly timestamp: ChainTime;
  readonly configuredContracts: ReadonlySet<Address>;
}

interface Erc20Movement {
  readonly token: Address;
  readonly from: Address;
  readonly to: Address;
  readonly value: bigint;
}

function erc20Movements(logs: readonly EventLog[]): Erc20Movement[] {
  return logs.flatMap((log) => {
    // ERC-721 shares the topic but indexes the token id as a fourth topic.
    if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || log.topics.length !== 3) return [];
    const from = addressFromWord(log.topics[1]);
    const to = addressFromWord(log.topics[2]);
    const value = wordAt(log.data, 0);
    return from && to && value !== null ? [{ token: log.address, from, to, value }] : [];
  });
}

/** The real movement behind a stake (into the contract) or an unstake (out of it). */
function movementFor(kind: StakeActivity["kind"], contract: Address, moves: readonly Erc20Movement[]) {
  return moves.find((m) => (kind === "stake" ? m.to === contract : m.from === contract));
}

function fromEvents(input: StakeReceipt, moves: readonly Erc20Movement[]): StakeActivity[] {
  const { receipt, transaction, timestamp, configuredContracts } = input;
  return receipt.logs.flatMap((log): StakeActivity[] => {
    const kind = stakeKindOfTopic(log.topics[0]);
    const staker = addressFromWord(log.topics[1]);
    if (kind === null || staker === null) return [];
    const contract = log.address;
    const configured = configuredContracts.has(contract);
    const claimed = wordAt(log.data, 0) ?? 0n;
    const lock = kind === "stake" ? (wordAt(log.data, 1) ?? 0n) : 0n;
    const move = movementFor(kind, contract, moves);
    const paidNative = transaction?.to === contract ? transaction.value : 0n;
    // An unknown contract can emit any amount it likes: only a movement we can see sizes its stake.
    const nativeAmount = kind === "unstake" || configured ? claimed : paidNative;
    return [
      {
        kind,
        staker,
        payer: receipt.from,
        contract,
        configured,
        timestamp,
        asset: move ? move.token : "native",
        amount: move ? move.value : nativeAmount,
        lockUntil: lock > 0n ? Number(lock) : null,
        txHash: receipt.hash,
        logIndex: log.logIndex,
        blockNumber: receipt.blockNumber,
      },
    ];
  });
}

function fromSelector(input: StakeReceipt, moves: readonly Erc20Movement[]): StakeActivity[] {
  const { receipt, transaction, timestamp, configuredContracts } = input;
  if (!transaction || transaction.to === null) return [];
  const kind = stakeKindOfSelector(transaction.selector);
  if (kind === null) return [];
  const contract = transaction.to;
  const move = movementFor(kind, contract, moves);
  // A stake must move something in; an unstake's native payout is an internal transfer we cannot see (0 = unknown).
  if (kind === "stake" && !move && transaction.value === 0n) return [];
  return [
    {
      kind,
      staker: transaction.from,
      payer: transaction.from,
      contract,
      timestamp,
      configured: configuredContracts.has(contract),
      asset: move ? move.token : "native",
      amount: move ? move.value : kind === "stake" ? transaction.value : 0n,
      lockUntil: null,
      txHash: receipt.hash,
      logIndex: -1,
      blockNumber: receipt.blockNumber,
    },
  ];
}

/** Stake and unstake activity in one transaction: staking events first, else the call's selector. */
export function activitiesFromReceipt(input: StakeReceipt): StakeActivity[] {
  if (!input.receipt.success) return [];
  const moves = erc20Movements(input.receipt.logs);
  const evented = fromEvents(input, moves);
  return evented.length > 0 ? evented : fromSelector(input, moves);
}

/**
 * The activity that concerns one wallet. A selector-only unstake on an unconfigured contract
 * where the wallet never staked is dropped: `withdraw(uint256)` is also how WETH unwraps.
 */
export function walletActivities(wallet: Address, activities: readonly StakeActivity[]): StakeActivity[] {
  const mine = activities.filter((a) => a.staker === wallet || a.payer === wallet);
  const stakedInto = new Set(mine.filter((a) => a.kind === "stake").map((a) => `${a.staker}|${a.contract}`));
  return mine.filter(
    (a) => a.kind === "stake" || a.logIndex >= 0 || a.configured || stakedInto.has(`${a.staker}|${a.contract}`),
  );
}
