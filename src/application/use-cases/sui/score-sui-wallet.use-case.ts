import * as TE from "fp-ts/TaskEither";
import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { capabilityFor } from "../../../domain/sui/registry-rules";
import { scoreSuiWallet } from "../../../domain/sui/score-sui-wallet";
import type { SuiAddress } from "../../../domain/sui/sui-address";
import type { MintedCapability } from "../../../domain/sui/sui-facts";
import { walletWriteDecision } from "../../../domain/sui/wallet-write-decision";
import { budgetDayOf, secondsUntilNextBudgetDay } from "../../../domain/write-budget/write-budget-day";
import { Clock } from "../../ports/clock.port";
import { suiUpstream, SuiChain, type SuiChainFailure } from "../../ports/sui-chain.port";
import { SuiWriteJournal } from "../../ports/sui-write-journal.port";
import { WriteBudget } from "../../ports/write-budget.port";
import { readRegistryRecord } from "./read-registry-record";
import {
  answerFromRecord,
  answerFromScore,
  type SuiWalletAnswer,
  type SuiWalletFailure,
  type WriteSkipReason,
} from "./sui-wallet-answer";

const failed = (cause: SuiChainFailure): E.Either<SuiWalletFailure, never> =>
  E.left({ _tag: "SuiWalletUpstream", cause });

/**
 * POST /api/score-wallet: scores a Sui wallet from its activity, writes update_score (minting a
 * TrustedAgentCap when earned) with the oracle key, and answers with the registry's own reading.
 * At most one write per address per epoch: a subject already updated this epoch is read, not
 * written; concurrent requests for one address wait for each other so only one of them writes.
 * The oracle pays for every write: a wallet without history is answered read-only (domain rule),
 * and a write first reserves its gas budget from the day's WriteBudget, shared by every instance.
 */
@injectable()
export class ScoreSuiWallet {
  private readonly queues = new Map<SuiAddress, Promise<unknown>>();

  constructor(
    @inject(SuiChain) private readonly chain: SuiChain,
    @inject(SuiWriteJournal) private readonly journal: SuiWriteJournal,
    @inject(WriteBudget) private readonly budget: WriteBudget,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(address: SuiAddress): TE.TaskEither<SuiWalletFailure, SuiWalletAnswer> {
    return () => this.queued(address);
  }

  /** One score at a time per address (a second request waits for the first and reads its write). */
  private async queued(address: SuiAddress): Promise<E.Either<SuiWalletFailure, SuiWalletAnswer>> {
    const previous = this.queues.get(address) ?? Promise.resolve();
    const run = previous.then(() => this.scoreOnce(address));
    const settled = run.catch(() => undefined);
    this.queues.set(address, settled);
    try {
      return await run;
    } finally {
      if (this.queues.get(address) === settled) this.queues.delete(address);
    }
  }

  private async scoreOnce(address: SuiAddress): Promise<E.Either<SuiWalletFailure, SuiWalletAnswer>> {
    const now = await this.chain.chainNow()();
    if (E.isLeft(now)) return failed(now.left);
    const before = await readRegistryRecord(this.chain, address);
    if (E.isLeft(before)) return failed(before.left);
    if (before.right !== null && before.right.updatedEpoch >= now.right.epoch) {
      const earlier = await this.journal.find(address, before.right.updatedEpoch);
      if (earlier !== null) return this.answer(address, "updated_this_epoch", earlier.digest, earlier.capability);
      // Not in this process's journal (a restart, another instance): the registry's events name the write.
      const digest = await this.chain.scoreUpdateDigest(address, before.right.updatedEpoch)();
      if (E.isLeft(digest)) return failed(digest.left);
      return this.answer(address, "updated_this_epoch", digest.right, null);
    }
    const activity = await this.chain.addressActivity(address)();
    if (E.isLeft(activity)) return failed(activity.left);
    const scored = scoreSuiWallet(activity.right, now.right.timestampMs);
    const decision = walletWriteDecision(activity.right);
    if (!decision.write) {
      const outcome = { written: false, reason: decision.reason, digest: null, capability: null };
      return E.right(
        before.right === null
          ? answerFromScore(address, scored, decision.reason)
          : answerFromRecord(address, before.right, outcome),
      );
    }
    const refused = await this.reserveWrite();
    if (refused !== null) return E.left(refused);
    const receipt = await this.chain.writeScore({
      subject: address,
      score: scored.score,
      tier: scored.onchainTier,
      confidence: scored.confidence,
      botFlagged: scored.botFlagged,
      capability: capabilityFor(scored.score, scored.botFlagged),
    })();
    if (E.isLeft(receipt)) return failed(receipt.left);
    await this.journal.record(address, receipt.right);
    return this.answer(address, null, receipt.right.digest, receipt.right.capability);
  }

  /** Spends the write's gas budget from today's (UTC) budget, or says why nothing may be sent. */
  private async reserveWrite(): Promise<SuiWalletFailure | null> {
    const nowMs = this.clock.nowMs();
    const outcome = await this.budget.reserve("sui", budgetDayOf(nowMs), this.chain.writeGasBudget);
    switch (outcome) {
      case "granted":
        return null;
      case "exhausted":
        return { _tag: "WriteBudgetExhausted", retryAfterSeconds: secondsUntilNextBudgetDay(nowMs) };
      case "unavailable":
        return { _tag: "WriteBudgetUnavailable" };
    }
  }

  /** The registry's reading now: written when `reason` is null. */
  private async answer(
    address: SuiAddress,
    reason: WriteSkipReason | null,
    digest: string | null,
    capability: MintedCapability | null,
  ): Promise<E.Either<SuiWalletFailure, SuiWalletAnswer>> {
    const record = await readRegistryRecord(this.chain, address);
    if (E.isLeft(record)) return failed(record.left);
    if (record.right === null) return failed(suiUpstream("the registry has no record after the write"));
    return E.right(answerFromRecord(address, record.right, { written: reason === null, reason, digest, capability }));
  }
}
