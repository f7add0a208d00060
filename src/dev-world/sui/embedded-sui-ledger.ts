import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import type { SuiChain, SuiChainFailure } from "../../application/ports/sui-chain.port";
import {
  CAPABILITY_ABORTS,
  CAPABILITY_VALIDITY_EPOCHS,
  capabilityCode,
  ELITE_CAP_MIN_SCORE,
  MAX_ONCHAIN_TIER,
  ORACLE_WRITE_GAS_BUDGET_MIST,
  REGISTRY_ABORTS,
  STANDARD_CAP_MIN_SCORE,
  type RegistryView,
  type ViewValue,
} from "../../domain/sui/registry-rules";
import type { CoinType, SuiAddress } from "../../domain/sui/sui-address";
import type { ScoreUpdate, SuiAddressActivity, SuiCoinInfo, WriteReceipt } from "../../domain/sui/sui-facts";
import { EPOCH_MS, ledgerDigest, ledgerId, type LedgerState } from "./sui-ledger-state";

const abort = (module: string, code: number): SuiChainFailure => ({ _tag: "SuiMoveAbort", module, code });

/**
 * An in-process Sui ledger (no Sui node can run here): it answers the SuiChain port from seeded
 * state and enforces the registry module's rules as move/sources/*.move does: only the OracleCap
 * holder writes, scores and tiers are range-checked, views on an unscored subject abort, and a
 * capability is minted only when the recorded score earns it. Chain time is `now()`.
 */
export class EmbeddedSuiLedger implements SuiChain {
  /** As SuiGraphQLChain's transactions state it (the ledger charges no gas). */
  readonly writeGasBudget = ORACLE_WRITE_GAS_BUDGET_MIST;

  constructor(
    private readonly state: LedgerState,
    /** The account whose key signs writes (the oracle key of the configuration). */
    private readonly signer: SuiAddress,
    private readonly now: () => number = Date.now,
  ) {}

  private epoch(): bigint {
    return BigInt(Math.floor((this.now() - this.state.genesisMs) / EPOCH_MS));
  }

  coinInfo(coinType: CoinType): TE.TaskEither<SuiChainFailure, SuiCoinInfo | null> {
    const coin = this.state.coins.get(coinType);
    if (coin === undefined) return TE.right(null);
    const balances = [...coin.balances.values()].filter((b) => b > 0n).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    return TE.right({
      coinType,
      metadata: coin.metadata,
      metadataCapExists: coin.metadataCapExists,
      supply: {
        totalSupply: balances.reduce((s, b) => s + b, 0n),
        state: coin.supplyState,
        capHolder: coin.treasuryCapHolder,
      },
      regulation:
        coin.denyCap === null
          ? null
          : { denyCapHolder: coin.denyCap.holder, allowGlobalPause: coin.denyCap.allowGlobalPause },
      publishedAtMs: coin.publishedAtMs,
      holders: { topBalances: balances.slice(0, 50), holderCount: balances.length },
    });
  }

  addressActivity(address: SuiAddress): TE.TaskEither<SuiChainFailure, SuiAddressActivity> {
    const now = this.now();
    const txs = this.state.transactions.filter(
      (t) => t.timestampMs <= now && (t.sender === address || t.recipients.includes(address)),
    );
    const peers = new Set<SuiAddress>();
    const packages = new Set<SuiAddress>();
    let created = 0;
    for (const t of txs) {
      if (t.sender !== address) peers.add(t.sender);
      else {
        for (const r of t.recipients) if (r !== address) peers.add(r);
        for (const p of t.packagesCalled) packages.add(p);
        created += t.objectsCreated;
      }
    }
    return TE.right({
      address,
      transactionCount: txs.length,
      truncated: false,
      firstAtMs: txs[0]?.timestampMs ?? null,
      lastAtMs: txs.at(-1)?.timestampMs ?? null,
      timestampsMs: txs.map((t) => t.timestampMs),
      counterparties: [...peers],
      objectsCreated: created,
      packagesCalled: [...packages],
    });
  }

  simulateViews(views: readonly RegistryView[]): TE.TaskEither<SuiChainFailure, readonly ViewValue[]> {
    const values: ViewValue[] = [];
    for (const view of views) {
      const value = this.view(view);
      if (E.isLeft(value)) return TE.left(value.left);
      values.push(value.right);
    }
    return TE.right(values);
  }

  private view(view: RegistryView): E.Either<SuiChainFailure, ViewValue> {
    if (view.fn === "total_scored") return E.right(BigInt(this.state.records.size));
    const record = this.state.records.get(view.subject);
    if (view.fn === "is_scored") return E.right(record !== undefined);
    if (view.fn === "is_trusted")
      return E.right(record !== undefined && !record.botFlagged && record.score >= view.threshold);
    if (record === undefined) return E.left(abort("registry", REGISTRY_ABORTS.NOT_SCORED));
    switch (view.fn) {
      case "get_score":
        return E.right(record.score);
      case "get_tier":
        return E.right(record.tier);
      case "get_confidence":
        return E.right(record.confidence);
      case "is_bot_flagged":
        return E.right(record.botFlagged);
      case "get_updated_epoch":
        return E.right(record.updatedEpoch);
    }
  }

  chainNow(): TE.TaskEither<SuiChainFailure, { epoch: bigint; timestampMs: number }> {
    return TE.right({ epoch: this.epoch(), timestampMs: this.now() });
  }

  scoreUpdateDigest(subject: SuiAddress, epoch: bigint): TE.TaskEither<SuiChainFailure, string | null> {
    const event = this.state.scoreEvents.findLast((e) => e.subject === subject && e.epoch === epoch);
    return TE.right(event?.digest ?? null);
  }

  writeScore(update: ScoreUpdate): TE.TaskEither<SuiChainFailure, WriteReceipt> {
    // The OracleCap is an owned object: nobody else can put it in a transaction.
    if (this.signer !== this.state.oracleCapHolder) return TE.left({ _tag: "SuiNotOracle" });
    if (!Number.isInteger(update.score) || update.score < 0 || update.score > 100)
      return TE.left(abort("registry", REGISTRY_ABORTS.INVALID_SCORE));
    if (!Number.isInteger(update.tier) || update.tier < 0 || update.tier > MAX_ONCHAIN_TIER)
      return TE.left(abort("registry", REGISTRY_ABORTS.INVALID_TIER));
    if (!Number.isInteger(update.confidence) || update.confidence < 0 || update.confidence > 100)
      return TE.left(abort("registry", REGISTRY_ABORTS.INVALID_CONFIDENCE));
    const min = update.capability === "elite" ? ELITE_CAP_MIN_SCORE : STANDARD_CAP_MIN_SCORE;
    // The whole transaction aborts when the mint is not earned: nothing is written (Move atomicity).
    if (update.capability !== null && (update.score < min || update.botFlagged))
      return TE.left(abort("capability", CAPABILITY_ABORTS.NOT_EARNED));
    const epoch = this.epoch();
    const sequence = this.state.transactions.length;
    const digest = ledgerDigest(`write-${sequence}-${update.subject}-${epoch}`);
    this.state.records.set(update.subject, {
      score: update.score,
      tier: update.tier,
      confidence: update.confidence,
      botFlagged: update.botFlagged,
      updatedEpoch: epoch,
    });
    let capability: WriteReceipt["capability"] = null;
    if (update.capability !== null) {
      const objectId = ledgerId(`cap-${digest}`);
      const expiresEpoch = epoch + CAPABILITY_VALIDITY_EPOCHS;
      this.state.capabilities.push({
        objectId,
        owner: update.subject,
        kind: capabilityCode(update.capability) as 1 | 2,
        expiresEpoch,
      });
      capability = { kind: update.capability, objectId, expiresEpoch };
    }
    this.state.scoreEvents.push({ digest, subject: update.subject, epoch });
    this.state.transactions.push({
      digest,
      sender: this.signer,
      timestampMs: this.now(),
      recipients: capability === null ? [] : [update.subject],
      objectsCreated: capability === null ? 0 : 1,
      packagesCalled: [this.state.packageId],
    });
    return TE.right({ digest, epoch, capability });
  }
}
