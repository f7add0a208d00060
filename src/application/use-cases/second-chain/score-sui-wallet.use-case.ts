import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import { capabilityFor } from "../../../domain/second-chain/registry-rules";
import { scoreSuiWallet } from "../../../domain/second-chain/score-sui-wallet";
import type { SuiAddress } from "../../../domain/second-chain/sui-address";
import type { MintedCapability } from "../../../domain/second-chain/sui-facts";
import { tierForScore, type Tier } from "../../../domain/scoring/tiers";
import { suiUpstream, SuiChain, type SuiChainFailure } from "../../ports/sui-chain.port";
import { SuiWriteJournal } from "../../ports/sui-write-journal.port";
import { readRegistryRecord } from "./read-registry-record";

export interface SuiWalletAnswer {
  readonly address: SuiAddress;
  /** The registry's reading after the write (or of the earlier write this epoch). */
  readonly score: number;
  readonly tier: Tier;
  readonly onchainTier: number;
  readonly confidence: number;
  readonly botFlagged: boolean;
  readonly updatedEpoch: bigint;
  readonly written: boolean;
  /** This write's digest, or the earlier one of this epoch (null only if neither the journal nor recent events show it). */
  readonly digest: string | null;
  readonly capability: MintedCapability | null;
}

export type SuiWalletFailure = { readonly _tag: "SuiWalletUpstream"; readonly cause: SuiChainFailure };

const failed = (cause: SuiChainFailure): E.Either<SuiWalletFailure, never> =>
  E.left({ _tag: "SuiWalletUpstream", cause });

/**
 * POST /api/score-wallet: scores a Sui wallet from its activity, writes update_score (minting a
 * TrustedAgentCap when earned) with the oracle key, and answers with the registry's own reading.
 * At most one write per address per epoch: a subject already updated this epoch is read, not
 * written; concurrent requests for one address wait for each other so only one of them writes.
 */
@injectable()
export class ScoreSuiWallet {
  private readonly queues = new Map<SuiAddress, Promise<unknown>>();

  constructor(
    @inject(SuiChain) private readonly chain: SuiChain,
    @inject(SuiWriteJournal) private readonly journal: SuiWriteJournal,
  ) {}

  async execute(address: SuiAddress): Promise<E.Either<SuiWalletFailure, SuiWalletAnswer>> {
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
      if (earlier !== null) return this.answer(address, false, earlier.digest, earlier.capability);
      // Not in this process's journal (a restart, another instance): the registry's events name the write.
      const digest = await this.chain.scoreUpdateDigest(address, before.right.updatedEpoch)();
      if (E.isLeft(digest)) return failed(digest.left);
      return this.answer(address, false, digest.right, null);
    }
    const activity = await this.chain.addressActivity(address)();
    if (E.isLeft(activity)) return failed(activity.left);
    const scored = scoreSuiWallet(activity.right, now.right.timestampMs);
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
    return this.answer(address, true, receipt.right.digest, receipt.right.capability);
  }

  private async answer(
    address: SuiAddress,
    written: boolean,
    digest: string | null,
    capability: MintedCapability | null,
  ): Promise<E.Either<SuiWalletFailure, SuiWalletAnswer>> {
    const record = await readRegistryRecord(this.chain, address);
    if (E.isLeft(record)) return failed(record.left);
    if (record.right === null) return failed(suiUpstream("the registry has no record after the write"));
    const r = record.right;
    return E.right({
      address,
      score: r.score,
      tier: tierForScore(r.score),
      onchainTier: r.tier,
      confidence: r.confidence,
      botFlagged: r.botFlagged,
      updatedEpoch: r.updatedEpoch,
      written,
      digest,
      capability,
    });
  }
}
