import * as E from "fp-ts/Either";
import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable, optional } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind, BlockRef } from "../../../domain/chain/chain-types";
import { type ScoreResult, scoreStability, verifiedIssuerResult } from "../../../domain/scoring";
import { SNAPSHOT_LIST_MAX, type Snapshot } from "../../../domain/snapshots/snapshot";
import { CoalescingCache } from "../../caching/coalescing-cache";
import { decodeJson, encodeJson, SharedSingleFlight } from "../../caching/shared-single-flight";
import { ChainReader } from "../../ports/chain-reader.port";
import { Clock } from "../../ports/clock.port";
import { FlagDecisionStore } from "../../ports/flag-decision-store.port";
import { DisputeStore } from "../../ports/dispute-store.port";
import { flagAmendments, flagsUnderReview } from "../../../domain/review/flag-decision";
import { DISPUTES_NAMED, mentionOf } from "../../../domain/review/dispute";
import { amendScore } from "../../../domain/scoring/common/amend-score";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { SharedCache } from "../../ports/shared-cache.port";
import { SnapshotStore } from "../../ports/snapshot-store.port";
import { type ScoredAddress, type ScoringFailed, scoringFailed, subjectTypeOf } from "./scored-address";
import { snapshotStoreFailed } from "./list-snapshots.use-case";
import { ScoringStats } from "./scoring-stats";
import { AnswerScreening } from "./answer-screening.port";
import { screeningFlags, withScreening } from "../../../domain/sanctions/screening";
import { SubjectScorer } from "./subject-scorer";

type Answer = E.Either<ScoringFailed, ScoredAddress>;

/** A cold score of a busy address can take seconds on a remote node; a crashed holder blocks no longer. */
const SCORE_LOCK_TTL_MS = 15_000;
const SCORE_LOCK_POLL_MS = 50;
/** Bumped when ScoredAddress changes shape, so instances of two releases never read each other's answers. */
// v2: answers carry coverage and holder facts (issue 17); a v1 answer from an older instance is a miss.
// v3: answers carry the screening flags (SANCTIONED, USDC_BLACKLISTED; issue 33).
const SHARED_ANSWER_VERSION = "score:v3:";

/**
 * Scores any address: classify it, short-circuit official issuers to VERIFIED, otherwise assemble
 * and score its profile at the head block; explain, snapshot, count. Answers are cached per address
 * for the configured TTL and concurrent requests share one computation; failures are never cached.
 * With a shared cache (Redis) the answer is shared by every instance for the same TTL, and a second
 * instance waits for the first's computation instead of repeating it.
 */
@injectable()
export class ScoreAddress {
  private readonly cache: CoalescingCache<Answer>;
  private readonly flight: SharedSingleFlight<Answer>;

  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(SubjectScorer) private readonly subjects: SubjectScorer,
    @inject(SnapshotStore) private readonly snapshots: SnapshotStore,
    @inject(Clock) private readonly clock: Clock,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
    @inject(ScoringStats) private readonly stats: ScoringStats,
    @inject(SharedCache) shared: SharedCache,
    @inject(FlagDecisionStore) @optional() private readonly decisions?: FlagDecisionStore,
    @inject(DisputeStore) @optional() private readonly disputes?: DisputeStore,
    @inject(AnswerScreening) @optional() private readonly screening?: AnswerScreening,
  ) {
    this.cache = new CoalescingCache<Answer>(clock, settings.cacheTtlMs, settings.cacheMaxEntries, E.isRight);
    this.flight = new SharedSingleFlight<Answer>({
      cache: shared,
      clock,
      ttlMs: settings.cacheTtlMs,
      lockTtlMs: SCORE_LOCK_TTL_MS,
      pollMs: SCORE_LOCK_POLL_MS,
      encode: (answer) => encodeJson(E.isRight(answer) ? answer.right : null),
      decode: decodeScoredAddress,
      isCacheable: E.isRight,
    });
  }

  /** `knownKind`: the caller already classified the address (the oracle does, to price it): not asked again. */
  execute(address: Address, knownKind?: AddressKind): TE.TaskEither<ScoringFailed, ScoredAddress> {
    return async () => {
      const answer = await this.cache.get(address, () =>
        this.flight.run(SHARED_ANSWER_VERSION + address, () => this.compute(address, knownKind)()),
      );
      this.stats.recordAnswer(E.isRight(answer));
      return E.isRight(answer) ? E.right(await this.withDecisions(answer.right)) : answer;
    };
  }

  /**
   * The answer this instance holds for `address` while it is fresh, without computing, waiting or asking the shared
   * cache, and without the operator's decisions (pass it through `withDecisions`): for the widget, where a cached
   * answer must cost next to nothing. Counted as an answer, like `execute`'s. Null when `execute` would have work to do.
   */
  cached(address: Address): ScoredAddress | null {
    const answer = this.cache.peek(address);
    if (answer === undefined || E.isLeft(answer)) return null;
    this.stats.recordAnswer(true);
    return answer.right;
  }

  /**
   * The operator's standing decisions and the address's disputes, applied to an answer cached or not (two keyed
   * reads, side by side; feedback is never read here: anyone can send it). Cached answers (in process or shared)
   * hold the scorer's own verdict, so a decision reaches every instance on its next answer, with no cache to clear.
   * Removed flags go and downgraded ones turn `info`, the score and tier recomputed (`amendScore`); flags under
   * review are marked; `disputes` names every dispute of the address with its status. The same object comes back
   * when nothing applies. A decision store that does not answer leaves the answer as scored rather than withhold it.
   */
  async withDecisions(scored: ScoredAddress): Promise<ScoredAddress> {
    const [decisions, disputes] = await Promise.all([
      this.decisions === undefined ? undefined : this.decisions.forAddress(scored.address)(),
      this.disputes === undefined ? undefined : this.disputes.forAddress(scored.address, DISPUTES_NAMED)(),
    ]);
    let answer = scored;
    if (decisions !== undefined && E.isRight(decisions)) {
      const amended = amendScore(scored, flagAmendments(decisions.right));
      if (amended !== null) {
        const { scoreStability } = scored.explanation;
        const { limitations: _limitations, ...explanation } = amended.explanation;
        answer = { ...answer, ...amended, explanation: { ...explanation, scoreStability } };
      }
      const flags = flagsUnderReview(decisions.right);
      if (flags.length > 0) answer = { ...answer, flagsUnderReview: flags };
    }
    if (disputes !== undefined && E.isRight(disputes) && disputes.right.length > 0)
      answer = { ...answer, disputes: disputes.right.map(mentionOf) };
    return answer;
  }

  private compute(address: Address, knownKind: AddressKind | undefined): TE.TaskEither<ScoringFailed, ScoredAddress> {
    const officialIssuer = this.settings.officialIssuers.includes(address);
    return pipe(
      this.chain.headBlock(),
      TE.mapLeft(scoringFailed("detection")),
      // Everything the answer reads is read at this head: one consistent state, and a batch's answers (one head)
      // ask the node each shared question once.
      TE.chainW((head) => this.chain.atBlock(head.number, this.scoreAt(address, knownKind, head, officialIssuer))),
      TE.chain(({ kind, head, result }) =>
        TE.tryCatch(() => this.record(address, kind, head, result, officialIssuer), storageFailed),
      ),
    );
  }

  private scoreAt(
    address: Address,
    knownKind: AddressKind | undefined,
    head: BlockRef,
    officialIssuer: boolean,
  ): TE.TaskEither<ScoringFailed, { kind: AddressKind; head: BlockRef; result: ScoreResult }> {
    return async () => {
      // Sanctions lists and USDC's blacklist on every answer, whatever the subject (issue 33 item 4). The screening
      // reads nothing the scoring reads, so it is asked beside it, not after it: one round trip less on the path of
      // every answer. `screen` does not reject; the no-op handler keeps a failed scoring's screening quiet anyway.
      const screening = this.screening?.screen(address);
      screening?.catch(() => undefined);
      const scored = await this.scoredAt(address, knownKind, head, officialIssuer)();
      if (E.isLeft(scored) || screening === undefined) return scored;
      return E.right({ ...scored.right, result: withScreening(scored.right.result, screeningFlags(await screening)) });
    };
  }

  private scoredAt(
    address: Address,
    knownKind: AddressKind | undefined,
    head: BlockRef,
    officialIssuer: boolean,
  ): TE.TaskEither<ScoringFailed, { kind: AddressKind; head: BlockRef; result: ScoreResult }> {
    return pipe(
      knownKind === undefined ? this.chain.classify(address) : TE.right(knownKind),
      TE.mapLeft(scoringFailed("detection")),
      TE.bindTo("kind"),
      TE.bind("head", () => TE.right(head)),
      TE.bindW("result", ({ kind }) =>
        officialIssuer
          ? TE.right(verifiedIssuerResult(address, subjectTypeOf(kind), head.timestamp))
          : pipe(this.subjects.score(address, kind, head), TE.mapLeft(scoringFailed("scoring"))),
      ),
    );
  }

  private async record(
    address: Address,
    kind: AddressKind,
    head: BlockRef,
    result: ScoreResult,
    officialIssuer: boolean,
  ): Promise<ScoredAddress> {
    const queriedAt = new Date(this.clock.nowMs()).toISOString();
    const block = { number: head.number, timestamp: head.timestamp };
    const previous = await this.snapshots.listFor(address, SNAPSHOT_LIST_MAX);
    const snapshot = await this.snapshots.record({
      subject: address,
      subjectType: result.subjectType,
      score: result.score,
      tier: result.tier,
      confidence: result.confidence,
      flags: result.flags.map((f) => f.code),
      scoringVersion: result.scoringVersion,
      queriedAt,
      block,
    });
    this.stats.recordComputed(kind, result.tier);
    const { limitations: _limitations, ...explanation } = result.explanation;
    return {
      address,
      kind,
      subjectType: result.subjectType,
      officialIssuer,
      score: result.score,
      tier: result.tier,
      confidence: result.confidence,
      coverage: result.coverage,
      holderFacts: result.holderFacts,
      flags: result.flags,
      state: result.state,
      limitations: result.limitations,
      breakdown: result.breakdown,
      // The current answer is the newest point of the history it is judged against.
      explanation: {
        ...explanation,
        scoreStability: scoreStability([...historyOf(previous), { score: result.score, queriedAt }]),
      },
      snapshotId: snapshot.id,
      scoringVersion: result.scoringVersion,
      queriedAt,
      block,
    };
  }
}

function historyOf(snapshots: readonly Snapshot[]): { score: number; queriedAt: string }[] {
  return snapshots.flatMap((s) => (s.score === null ? [] : [{ score: s.score, queriedAt: s.queriedAt }]));
}

/** Our own encoding read back; anything else (another release, a stray key) is a miss. */
function decodeScoredAddress(text: string): Answer | undefined {
  const value = decodeJson(text) as Partial<ScoredAddress> | null | undefined;
  if (value === null || typeof value !== "object") return undefined;
  const wellFormed =
    typeof value.address === "string" &&
    typeof value.snapshotId === "string" &&
    typeof value.tier === "string" &&
    Array.isArray(value.flags) &&
    typeof value.coverage === "string" &&
    typeof value.queriedAt === "string";
  return wellFormed ? E.right(value as ScoredAddress) : undefined;
}

function storageFailed(error: unknown): ScoringFailed {
  return scoringFailed("scoring")(snapshotStoreFailed(error));
}
