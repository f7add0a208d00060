import { createHash } from "node:crypto";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { parseAddress, ZERO_ADDRESS } from "../../../domain/chain/address";
import type { BlockActivity } from "../../../domain/protocol-guard/block-activity";
import type { ArgValue } from "../../../domain/protocol-guard/event-condition";
import type { GuardAlert } from "../../../domain/protocol-guard/guard-alert";
import { inPartition, WHOLE_CHAIN, type GuardPartition } from "../../../domain/protocol-guard/guard-partition";
import { decideGuard, shouldRecordAlert } from "../../../domain/protocol-guard/guard-decision";
import type { OnchainEvent } from "../../../domain/protocol-guard/onchain-event";
import type { Subscription } from "../../../domain/protocol-guard/subscription";
import {
  matchBlock,
  topicAddresses,
  transfersInTransaction,
  type WatchMatch,
} from "../../../domain/protocol-guard/watch-match";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { EventDecoder } from "../../ports/event-decoder.port";
import { SubscriptionStore } from "../../ports/subscription-store.port";
import { WatchCursor, type WatchPosition } from "../../ports/watch-cursor.port";
import { GuardScores } from "./guard-scores.port";
import { QueueAlertDeliveries } from "./queue-alert-deliveries";

export type WatchOutcome =
  | { readonly kind: "skipped"; readonly block: number }
  | { readonly kind: "processed"; readonly block: number; readonly events: number; readonly alerts: number }
  /** The chain changed below the watcher's cursor: reported, and the block is processed on the new branch. */
  | {
      readonly kind: "reorg";
      readonly block: number;
      readonly expectedParent: string;
      readonly parent: string;
      readonly events: number;
      readonly alerts: number;
    }
  /** Blocks between the cursor and this one never reached the watcher (they are reported, not invented). */
  | {
      readonly kind: "gap";
      readonly block: number;
      readonly missedFrom: number;
      readonly events: number;
      readonly alerts: number;
    };

export interface WatchFailure {
  readonly _tag: "WatchFailure";
  readonly block: number;
  readonly detail: string;
}

/** An id derived from content: the same block seen twice (or by two instances) yields the same id. */
export const stableId = (prefix: string, ...parts: string[]): string =>
  `${prefix}_${createHash("sha256").update(parts.join("|")).digest("base64url").slice(0, 22)}`;

async function run<T>(task: () => Promise<E.Either<UpstreamFailure, T>>): Promise<T> {
  const result = await task();
  if (E.isLeft(result)) throw new Error(result.left.detail);
  return result.right;
}

/**
 * One block of the stream the local index follows: every log and call on a contract an active
 * subscription watches is attributed to its wallets (tx.from, and the addresses an event names),
 * each wallet is scored (the score cache applies), recorded as an on-chain event and put through
 * the subscription's rules; alerts go to the outbox. Ids are derived from the block's content, so
 * a block processed twice (a crash before the cursor moved) records and queues nothing new. With a
 * partition (GUARD_WORK_PARTITIONS), only that partition's subscriptions are watched, under its own cursor.
 */
@injectable()
export class WatchBlock {
  constructor(
    @inject(SubscriptionStore) private readonly store: SubscriptionStore,
    @inject(WatchCursor) private readonly cursor: WatchCursor,
    @inject(GuardScores) private readonly scorer: GuardScores,
    @inject(EventDecoder) private readonly decoder: EventDecoder,
    @inject(QueueAlertDeliveries) private readonly queue: QueueAlertDeliveries,
    @inject(ChainReader) private readonly chain: ChainReader,
  ) {}

  /**
   * The subscriptions read for the last block worked by partition: the partitions of one block worked here one
   * after another (the queue hands out a block's partitions before the next block's) read them once.
   */
  private lastRead: { readonly hash: string; readonly subscriptions: Promise<readonly Subscription[]> } | null = null;

  /** Where the watcher stands; null before its first block. */
  async position(partition: GuardPartition = WHOLE_CHAIN): Promise<WatchPosition | null> {
    return run(this.cursor.read(partition));
  }

  /**
   * Before following: a cursor that does not exist starts at `head` (a first start watches from
   * now, not from genesis); a cursor whose block is no longer on the chain (a reorganisation while
   * we were down, or another chain behind the same database) is reported and restarted at `head`.
   */
  async resume(
    head: WatchPosition | undefined,
    partition: GuardPartition = WHOLE_CHAIN,
  ): Promise<{ readonly reset: WatchPosition | null }> {
    // A partition met for the first time (the work newly split) carries on from where the whole chain's cursor is.
    const at =
      (await run(this.cursor.read(partition))) ??
      (partition.count > 1 ? await run(this.cursor.read(WHOLE_CHAIN)) : null);
    if (head === undefined) return { reset: null };
    if (at === null) {
      await run(this.cursor.write(head, partition));
      return { reset: null };
    }
    const block = await run(this.chain.block(at.number));
    if (block !== null && block.hash.toLowerCase() === at.hash) {
      await run(this.cursor.write(at, partition));
      return { reset: null };
    }
    await run(this.cursor.write(head, partition));
    return { reset: at };
  }

  /**
   * A reorganisation removed the blocks after `ancestor`: a cursor past it goes back to it, so the new branch's
   * blocks (same numbers, other hashes) are watched instead of skipped. What the removed blocks recorded stays
   * (alerts may have gone out); the new branch's events have ids of their own (the block hash is in them).
   */
  async rewind(ancestor: WatchPosition, partition: GuardPartition = WHOLE_CHAIN): Promise<void> {
    const at = await run(this.cursor.read(partition));
    if (at !== null && at.number > ancestor.number) await run(this.cursor.write(ancestor, partition));
  }

  execute(block: BlockActivity, partition: GuardPartition = WHOLE_CHAIN): TE.TaskEither<WatchFailure, WatchOutcome> {
    return () => this.watchBlock(block, partition);
  }

  private async watchBlock(
    block: BlockActivity,
    partition: GuardPartition = WHOLE_CHAIN,
  ): Promise<E.Either<WatchFailure, WatchOutcome>> {
    try {
      const at = await run(this.cursor.read(partition));
      if (at !== null && block.number <= at.number) return E.right({ kind: "skipped", block: block.number });
      const subscriptions = await this.subscriptionsFor(block, partition);
      let events = 0;
      let alerts = 0;
      for (const subscription of subscriptions) {
        if (!inPartition(subscription.id, partition)) continue;
        const counted = await this.watch(subscription, block);
        events += counted.events;
        alerts += counted.alerts;
      }
      await run(this.cursor.write({ number: block.number, hash: block.hash }, partition));
      if (at !== null && block.number === at.number + 1 && block.parentHash !== at.hash)
        return E.right({
          kind: "reorg",
          block: block.number,
          expectedParent: at.hash,
          parent: block.parentHash,
          events,
          alerts,
        });
      if (at !== null && block.number > at.number + 1)
        return E.right({ kind: "gap", block: block.number, missedFrom: at.number + 1, events, alerts });
      return E.right({ kind: "processed", block: block.number, events, alerts });
    } catch (error) {
      return E.left({ _tag: "WatchFailure", block: block.number, detail: String(error) });
    }
  }

  private subscriptionsFor(block: BlockActivity, partition: GuardPartition): Promise<readonly Subscription[]> {
    if (partition.count <= 1) return run(this.store.watching());
    if (this.lastRead?.hash === block.hash) return this.lastRead.subscriptions;
    const entry = { hash: block.hash, subscriptions: run(this.store.watching()) };
    this.lastRead = entry;
    // A failed read is not kept: the block's next try (or next partition) reads again.
    entry.subscriptions.catch(() => {
      if (this.lastRead === entry) this.lastRead = null;
    });
    return entry.subscriptions;
  }

  private async watch(subscription: Subscription, block: BlockActivity): Promise<{ events: number; alerts: number }> {
    let events = 0;
    let alerts = 0;
    for (const match of matchBlock(block, subscription.contracts)) {
      const args = this.argsOf(match);
      for (const wallet of walletsOf(match, args)) {
        const alerted = await this.record(subscription, block, match, args, wallet);
        events++;
        if (alerted) alerts++;
      }
    }
    return { events, alerts };
  }

  private argsOf(match: WatchMatch): Readonly<Record<string, ArgValue>> {
    if (match.signature === undefined) return {};
    const args =
      match.kind === "log"
        ? this.decoder.decodeLog(match.signature, match.log.topics, match.log.data)
        : this.decoder.decodeCall(match.signature, match.tx.input);
    return args ?? {};
  }

  private async record(
    subscription: Subscription,
    block: BlockActivity,
    match: WatchMatch,
    args: Readonly<Record<string, ArgValue>>,
    wallet: Address,
  ): Promise<boolean> {
    const scored = await this.scorer.execute(wallet)();
    if (E.isLeft(scored)) throw new Error(`scoring ${wallet}: ${scored.left.cause.detail}`);
    const subject = scored.right;
    const previous = await run(this.store.lastEventOf(subscription.id, wallet));
    const at = new Date(block.timestamp * 1000).toISOString();
    // The block hash is part of the id: the same transaction hash on another chain (a fresh embedded
    // chain replays the same seeded world) or re-included after a reorganisation is a new event.
    const id = stableId("evt", subscription.id, block.hash, match.key, wallet);
    const label = match.signature?.signature ?? (match.kind === "log" ? "log" : "call");
    const verdict = decideGuard(subject, {}, subscription.rules, {
      ...(match.kind === "log" && match.signature !== undefined
        ? { eventName: match.signature.name, eventSignature: match.signature.signature }
        : {}),
      args,
      ...(previous === null || previous.id === id ? {} : { previousScore: previous.score }),
      transfers: transfersInTransaction(block, match.tx.hash),
    });
    const alertId = shouldRecordAlert(subscription.status, verdict) ? stableId("alert", id) : undefined;
    const event: OnchainEvent = {
      id,
      txHash: match.tx.hash,
      blockNumber: block.number,
      at,
      contract: match.contract,
      ...(match.kind === "log" ? { event: label } : { function: label }),
      wallet,
      score: subject.score,
      tier: subject.tier,
      flags: subject.flags.map((f) => f.code),
      ...(alertId === undefined ? {} : { alertId }),
    };
    await run(this.store.recordEvent(subscription.id, event));
    if (alertId === undefined) return false;
    const alert: GuardAlert = {
      id: alertId,
      at,
      wallet,
      decision: verdict.decision === "block" ? "block" : "review",
      reasons: verdict.reasons,
      score: subject.score,
      tier: subject.tier,
      source: "onchain",
      eventId: id,
      txHash: match.tx.hash,
      contract: match.contract,
      blockNumber: block.number,
    };
    await run(this.store.appendAlert(subscription.id, alert));
    await run(() => this.queue.execute(subscription, alert, event));
    return true;
  }
}

/** tx.from, then every address argument of a log (decoded, or read from its topics), each once. */
function walletsOf(match: WatchMatch, args: Readonly<Record<string, ArgValue>>): Address[] {
  const wallets = new Set<Address>([match.tx.from]);
  if (match.kind === "log") {
    // Without a signature, or when the log does not decode with it, indexed topics still name addresses.
    const named =
      match.signature === undefined || Object.keys(args).length === 0
        ? topicAddresses(match.log)
        : match.signature.inputs.flatMap((input, i) => {
            const value = args[`$${i}`];
            const address = input.type === "address" ? parseAddress(value) : undefined;
            return address === undefined ? [] : [address];
          });
    for (const address of named) if (address !== ZERO_ADDRESS && address !== match.contract) wallets.add(address);
  }
  return [...wallets];
}
