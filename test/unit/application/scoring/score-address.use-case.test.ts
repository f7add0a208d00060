import { NoSharedCache } from "../../../../src/adapters/cache/no-shared-cache.adapter";
import { InMemoryFeedbackStore } from "../../../../src/adapters/storage/in-memory-feedback-store.adapter";
import { InMemoryFlagDecisionStore } from "../../../../src/adapters/storage/in-memory-flag-decision-store.adapter";
import type { FlagDecisionStore } from "../../../../src/application/ports/flag-decision-store.port";
import { expect } from "chai";
import * as TE from "fp-ts/TaskEither";
import { InMemorySnapshotStore } from "../../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import { upstreamFailure } from "../../../../src/application/failures";
import type { Clock } from "../../../../src/application/ports/clock.port";
import { ScoreAddress } from "../../../../src/application/use-cases/scoring/score-address.use-case";
import { ScoringStats } from "../../../../src/application/use-cases/scoring/scoring-stats";
import { GatingScoresFromScoring } from "../../../../src/application/bridges/gating-scores.bridge";
import type { SubjectScorer } from "../../../../src/application/use-cases/scoring/subject-scorer";
import type { Address } from "../../../../src/domain/chain/address";
import type { AddressKind, BlockRef } from "../../../../src/domain/chain/chain-types";
import { type ScoreResult, verifiedIssuerResult } from "../../../../src/domain/scoring";
import { HEAD, USDC, addr, fakeChain, settings } from "../../../support/fakes/scoring-fakes";

const WALLET = addr(0x1);

/** A scored answer the fake SubjectScorer hands back: the issuer result re-labelled, so no profile is needed. */
function resultWith(score: number): ScoreResult {
  const base = verifiedIssuerResult(WALLET, "wallet", HEAD.timestamp);
  return { ...base, score, tier: score >= 60 ? "HIGH" : "LOW", breakdown: { ...base.breakdown, final: score } };
}

function rig(
  options: {
    scores?: number[];
    fail?: boolean;
    failClassify?: boolean;
    ttlMs?: number;
    decisions?: FlagDecisionStore;
  } = {},
) {
  let now = 1_000_000;
  const clock: Clock = { nowMs: () => now };
  const calls: Address[] = [];
  const scores = [...(options.scores ?? [70])];
  const subjects = {
    score: (address: Address, _kind: AddressKind, _head: BlockRef) => {
      calls.push(address);
      if (options.fail === true) return TE.left(upstreamFailure("explorer", "explorer down"));
      const next = scores.length > 1 ? scores.shift()! : scores[0]!;
      return TE.right(resultWith(next));
    },
  } as unknown as SubjectScorer;
  const snapshots = new InMemorySnapshotStore();
  const stats = new ScoringStats();
  const chain = fakeChain({ kinds: { [USDC]: "erc20" }, failClassify: options.failClassify ?? false });
  const scoreAddress = new ScoreAddress(
    chain,
    subjects,
    snapshots,
    clock,
    settings({ cacheTtlMs: options.ttlMs ?? 10_000 }),
    stats,
    new NoSharedCache(),
    options.decisions,
  );
  return { scoreAddress, calls, snapshots, stats, advance: (ms: number) => (now += ms) };
}

describe("ScoreAddress", () => {
  it("marks only flags the operator put under review, on cached answers too; feedback marks nothing", async () => {
    const decisions = new InMemoryFlagDecisionStore();
    const feedback = new InMemoryFeedbackStore();
    const { scoreAddress } = rig({ decisions });
    const first = await scoreAddress.execute(WALLET)();
    expect(first._tag === "Right" && first.right.flagsUnderReview).to.equal(undefined);
    // Anyone's report, however many times: it reaches the operator's queue, not the answer.
    for (const id of ["fb_1", "fb_2"])
      await feedback.add({
        id,
        address: WALLET,
        flag: "FRESH_WALLET",
        verdict: "false_positive",
        note: null,
        contact: null,
        receivedAt: "2026-01-01T00:00:00.000Z",
      })();
    const reported = await scoreAddress.execute(WALLET)();
    expect(reported._tag === "Right" && reported.right.flagsUnderReview).to.equal(undefined);
    const decide = (decision: "under_review" | "review_closed") =>
      decisions.record({
        address: WALLET,
        flag: "FRESH_WALLET",
        decision,
        note: null,
        decidedAt: "2026-01-02T00:00:00.000Z",
      })();
    await decide("under_review");
    const reviewed = await scoreAddress.execute(WALLET)();
    expect(reviewed._tag === "Right" && reviewed.right.flagsUnderReview).to.deep.equal(["FRESH_WALLET"]);
    await decide("review_closed");
    const closed = await scoreAddress.execute(WALLET)();
    expect(closed._tag === "Right" && closed.right.flagsUnderReview).to.equal(undefined);
  });

  it("answers an official issuer VERIFIED without running any scorer, and snapshots it", async () => {
    const { scoreAddress, calls, snapshots } = rig();
    const answer = await scoreAddress.execute(USDC)();
    if (answer._tag === "Left") throw new Error("failed");
    expect(answer.right).to.include({
      tier: "VERIFIED",
      officialIssuer: true,
      kind: "erc20",
      subjectType: "token",
      scoringVersion: "v1.0",
    });
    expect(calls).to.deep.equal([]);
    expect((await snapshots.listFor(USDC, 5)).map((s) => s.id)).to.deep.equal([answer.right.snapshotId]);
  });

  it("records a snapshot with the block, wall-clock stamp and flag codes it answers with", async () => {
    const { scoreAddress, snapshots } = rig({ scores: [72] });
    const answer = await scoreAddress.execute(WALLET)();
    if (answer._tag === "Left") throw new Error("failed");
    const [snapshot] = await snapshots.listFor(WALLET, 1);
    expect(snapshot).to.deep.include({
      subject: WALLET,
      subjectType: "wallet",
      score: 72,
      tier: "HIGH",
      scoringVersion: "v1.0",
      block: { number: HEAD.number, timestamp: HEAD.timestamp },
    });
    expect(snapshot?.queriedAt).to.equal(new Date(1_000_000).toISOString()).and.equal(answer.right.queriedAt);
  });

  it("coalesces concurrent requests and serves the cache until the TTL passes", async () => {
    const { scoreAddress, calls, advance, stats } = rig({ ttlMs: 5_000 });
    await Promise.all([scoreAddress.execute(WALLET)(), scoreAddress.execute(WALLET)(), scoreAddress.execute(WALLET)()]);
    expect(calls).to.have.length(1);
    advance(4_999);
    await scoreAddress.execute(WALLET)();
    expect(calls).to.have.length(1);
    advance(2);
    await scoreAddress.execute(WALLET)();
    expect(calls).to.have.length(2);
    expect(stats.view()).to.deep.include({ scoresComputed: 2, answers: 5, failures: 0 });
  });

  it("judges stability from the subject's earlier snapshots plus this answer", async () => {
    const { scoreAddress, advance } = rig({ scores: [40, 50, 60, 70], ttlMs: 0 });
    let last;
    for (let i = 0; i < 4; i++) {
      advance(60_000);
      last = await scoreAddress.execute(WALLET)();
    }
    const stability = last?._tag === "Right" ? last.right.explanation.scoreStability : null;
    expect(stability).to.deep.include({ trend: "improving", samples: 4, first: 40, last: 70 });
  });

  it("returns a tagged failure (never a score) and does not cache it", async () => {
    const { scoreAddress, calls, snapshots, stats } = rig({ fail: true });
    const first = await scoreAddress.execute(WALLET)();
    await scoreAddress.execute(WALLET)();
    expect(first._tag === "Left" ? [first.left._tag, first.left.stage, first.left.cause.source] : null).to.deep.equal([
      "ScoringFailed",
      "scoring",
      "explorer",
    ]);
    expect(calls).to.have.length(2);
    expect(await snapshots.listFor(WALLET, 5)).to.deep.equal([]);
    expect(stats.view().failures).to.equal(2);
  });

  it("reports a classification failure as the detection stage", async () => {
    const answer = await rig({ failClassify: true }).scoreAddress.execute(WALLET)();
    expect(answer._tag === "Left" ? answer.left.stage : null).to.equal("detection");
  });
});

describe("GatingScoresFromScoring (gating's GatingScores)", () => {
  it("answers the cached score's figures and snapshot id", async () => {
    const { scoreAddress } = rig({ scores: [66] });
    const scored = await new GatingScoresFromScoring(scoreAddress).scoreSubject({
      subject: WALLET,
      subjectType: "wallet",
    })();
    if (scored._tag === "Left") throw new Error("failed");
    expect(scored.right).to.include({ score: 66, tier: "HIGH", scoringVersion: "v1.0" });
    expect(scored.right.snapshotId).to.match(/^snap_/);
  });

  it("turns any scoring failure into ScoringUnavailable", async () => {
    const scored = await new GatingScoresFromScoring(rig({ fail: true }).scoreAddress).scoreSubject({
      subject: WALLET,
      subjectType: "wallet",
    })();
    expect(scored._tag === "Left" ? scored.left._tag : null).to.equal("ScoringUnavailable");
  });
});
