import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import { drainerEvidence, foreignPulls, type InboundPull } from "../../../domain/scan/drainer-pattern";
import type { CounterpartyAssessment } from "../../../domain/scan/scan-types";
import { CoalescingCache } from "../../caching/coalescing-cache";
import { ChainReader } from "../../ports/chain-reader.port";
import { Clock } from "../../ports/clock.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { ScanScores } from "./scan-scores.port";

const SEVERE = new Set(["high", "critical"]);
/** A contract's history read for the drainer pattern: its newest transfers and transactions. */
const HISTORY_LIMIT = 500;
const DRAINER_CACHE_MS = 60_000;
/** Distinct sources whose code is read per contract. */
const MAX_SOURCES_READ = 20;

/**
 * How a scan sees the addresses it meets: scoring's cached answer, whether code lives there, and for contracts the
 * drainer footprint of their history. A part that cannot be read is unknown (null), never a failed scan: the answer
 * then rests on what could be read.
 */
@injectable()
export class CounterpartyAssessor {
  private readonly drainers: CoalescingCache<readonly string[] | null | "unknown">;

  constructor(
    @inject(ScanScores) private readonly scores: ScanScores,
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(Clock) clock: Clock,
  ) {
    this.drainers = new CoalescingCache(clock, DRAINER_CACHE_MS, 5_000, (answer) => answer !== "unknown");
  }

  /** `started`: assessments the caller already set going (the scan's callee, read during the simulation). */
  async assessAll(
    addresses: Iterable<Address>,
    started: ReadonlyMap<Address, Promise<CounterpartyAssessment>> = new Map(),
  ): Promise<Map<Address, CounterpartyAssessment>> {
    const unique = [...new Set(addresses)];
    const assessed = await Promise.all(unique.map((address) => started.get(address) ?? this.assess(address)));
    return new Map(assessed.map((a) => [a.address, a]));
  }

  async assess(address: Address): Promise<CounterpartyAssessment> {
    const [scored, code] = await Promise.all([this.scores.scoreAny(address)(), this.chain.codeAt(address)()]);
    const isContract = E.isRight(code) && code.right !== "0x";
    const score = E.isRight(scored) ? scored.right : null;
    return {
      address,
      score: score?.score ?? null,
      tier: score?.tier ?? null,
      flags: score?.flags.map((f) => f.code) ?? [],
      severeFlag: score?.flags.some((f) => SEVERE.has(f.severity)) ?? false,
      isContract,
      drainerEvidence: isContract ? await this.drainerEvidenceOf(address) : null,
    };
  }

  private async drainerEvidenceOf(contract: Address): Promise<readonly string[] | null> {
    const answer = await this.drainers.get(contract, () => this.drainerOf(contract));
    return answer === "unknown" ? null : answer;
  }

  private async drainerOf(contract: Address): Promise<readonly string[] | null | "unknown"> {
    const [transfers, transactions] = await Promise.all([
      this.explorer.tokenTransfersOf(contract, { limit: HISTORY_LIMIT })(),
      this.explorer.transactionsOf(contract, { limit: HISTORY_LIMIT })(),
    ]);
    if (E.isLeft(transfers) || E.isLeft(transactions)) return "unknown";
    // Only transactions sent to the contract itself: a token passing through it inside someone else's call is not
    // the contract pulling it.
    const senders = new Map(
      transactions.right.items.filter((tx) => tx.to === contract).map((tx) => [tx.hash as string, tx.from]),
    );
    const candidates = foreignPulls(
      transfers.right.items
        .filter((t) => t.to === contract && t.value > 0n)
        .map((t) => ({ token: t.token, from: t.from, txSender: senders.get(t.txHash) ?? null, txHash: t.txHash })),
    );
    const sources = [...new Set(candidates.map((p) => p.from))].slice(0, MAX_SOURCES_READ);
    const codes = await Promise.all(sources.map(async (a) => [a, await this.chain.codeAt(a)()] as const));
    const contracts = new Set(codes.filter(([, c]) => E.isLeft(c) || c.right !== "0x").map(([a]) => a));
    const pulls: InboundPull[] = candidates
      .filter((p) => sources.includes(p.from))
      .map((p) => ({ ...p, fromIsContract: contracts.has(p.from) }));
    return drainerEvidence(pulls);
  }
}
