import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { ContractCreation } from "../../../domain/chain/chain-types";
import {
  type CounterpartyRole,
  counterpartiesOf,
  type PricedAssetChange,
  type TransactionScanAnswer,
} from "../../../domain/scan/scan-answer";
import type { TransactionScanRequest } from "../../../domain/scan/scan-requests";
import { decodeEffects } from "../../../domain/scan/simulated-events";
import { transactionReasons } from "../../../domain/scan/transaction-rules";
import { type ApprovalChange, type ScanReason, verdictOf } from "../../../domain/scan/scan-types";
import type { UpstreamFailure } from "../../failures";
import { ChainReader } from "../../ports/chain-reader.port";
import { ExplorerHistory } from "../../ports/explorer-history.port";
import { PriceSource } from "../../ports/price-source.port";
import { CounterpartyAssessor } from "./counterparty-assessor";
import { type ScanFailed, scanFailed } from "./scan-settings";

/** At most this many distinct addresses are scored for one scan (a sweep of many tokens still scores its parties). */
const MAX_PARTIES = 16;
const HISTORY_LIMIT = 1_000;

/**
 * Simulates a transaction on the current head and says what it does to the signer: the assets that move, the
 * approvals it sets, who receives them and how scoring rates them, and the verdict the rules give. A reverted
 * simulation answers its revert reason and no effects.
 */
@injectable()
export class ScanTransaction {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ExplorerHistory) private readonly explorer: ExplorerHistory,
    @inject(PriceSource) private readonly prices: PriceSource,
    @inject(CounterpartyAssessor) private readonly assessor: CounterpartyAssessor,
  ) {}

  execute(request: TransactionScanRequest): TE.TaskEither<ScanFailed, TransactionScanAnswer> {
    return async () => {
      // What does not depend on the simulation is read while it runs: the callee's assessment (a cold score takes
      // as long as the simulation), its creation and the signer's history.
      const early = {
        to: settledLater(this.assessor.assess(request.to)),
        creation: settledLater(this.explorer.contractCreation(request.to)()),
        past: settledLater(this.pastCounterparties(request.from)),
      };
      const simulated = await this.chain.simulate({
        from: request.from,
        to: request.to,
        data: request.data,
        value: request.value,
        ...(request.gas === null ? {} : { gas: request.gas }),
      })();
      if (E.isLeft(simulated)) return E.left(scanFailed(`simulation: ${simulated.left.detail}`));
      const simulation = simulated.right;
      if (!simulation.outcome.ok) {
        const party = await early.to;
        const reason: ScanReason = {
          code: "SIMULATION_REVERTED",
          severity: "warning",
          detail: `The transaction would revert${simulation.outcome.reason === null ? "" : `: ${simulation.outcome.reason}`}.`,
          evidence: { revertData: simulation.outcome.revertData.slice(0, 2 + 2 * 256) },
        };
        return E.right({
          verdict: "warning",
          reasons: [reason],
          assetChanges: [],
          approvals: [],
          counterparties: counterpartiesOf(new Map([[request.to, "to"]]), new Map([[request.to, party]])),
          exposureUsd: 0,
          simulatedAtBlock: simulation.blockNumber,
          revertReason: simulation.outcome.reason,
          limitations: [],
        });
      }
      const limitations: string[] = [];
      const effects = simulation.effects ?? { logs: [], valueMoves: [] };
      if (simulation.effects === null)
        limitations.push("The node does not serve debug_traceCall: token movements are unknown (not absent).");
      const { assetChanges, approvals } = decodeEffects(effects.logs, effects.valueMoves);
      const roles = new Map<Address, CounterpartyRole>([[request.to, "to"]]);
      for (const a of approvals)
        if (a.owner === request.from && !a.revokes && !roles.has(a.spender)) roles.set(a.spender, "spender");
      for (const c of assetChanges) {
        if (c.from === request.from && !roles.has(c.to)) roles.set(c.to, "recipient");
        if (c.to === request.from && c.asset !== "native" && !roles.has(c.asset)) roles.set(c.asset, "token");
      }
      roles.delete(request.from);
      const scored = [...roles.keys()].slice(0, MAX_PARTIES);
      if (roles.size > MAX_PARTIES) limitations.push(`Only the first ${MAX_PARTIES} counterparties were scored.`);
      const [parties, toAgeDays, past, priced] = await Promise.all([
        this.assessor.assessAll(scored, new Map([[request.to, early.to]])),
        this.ageInDays(early.creation, simulation.blockNumber),
        early.past,
        Promise.all(assetChanges.map((change) => this.price(change))),
      ]);
      const reasons = transactionReasons({
        signer: request.from,
        to: request.to,
        value: request.value,
        assetChanges,
        approvals,
        parties,
        toAgeDays,
        pastCounterparties: past,
      });
      // Exposure: what leaves the signer, plus what the allowances it grants could take of its current balances.
      const approvalExposure = await Promise.all(
        approvals.filter((a) => a.owner === request.from && !a.revokes).map((a) => this.allowanceAtRisk(a)),
      );
      const exposureUsd = [
        ...priced.filter((c) => c.from === request.from).map((c) => c.usdValue),
        ...approvalExposure,
      ].reduce<number>((sum, usd) => sum + (usd ?? 0), 0);
      return E.right({
        verdict: verdictOf(reasons),
        reasons,
        assetChanges: priced,
        approvals: approvals.map((a) => ({
          ...a,
          spenderScore: parties.get(a.spender)?.score ?? null,
          spenderTier: parties.get(a.spender)?.tier ?? null,
        })),
        counterparties: counterpartiesOf(new Map([...roles].filter(([a]) => parties.has(a))), parties),
        exposureUsd: Math.round(exposureUsd * 100) / 100,
        simulatedAtBlock: simulation.blockNumber,
        limitations,
      });
    };
  }

  private async price(change: PricedAssetChange | Omit<PricedAssetChange, "usdValue">): Promise<PricedAssetChange> {
    if (change.kind === "erc721" || change.kind === "erc1155") return { ...change, usdValue: null };
    const usd = await this.prices.usdValue(change.asset, change.amount)();
    return { ...change, usdValue: E.isRight(usd) && usd.right !== null ? Math.round(usd.right * 100) / 100 : null };
  }

  /** An ERC-20 allowance's reach: the smaller of it and the owner's balance, in dollars (NFTs: unpriced). */
  private async allowanceAtRisk(approval: ApprovalChange): Promise<number | null> {
    if (approval.kind !== "erc20" || approval.amount === "all") return null;
    const balance = await this.chain.tokenBalance(approval.token, approval.owner)();
    if (E.isLeft(balance)) return null;
    const reach = approval.amount < balance.right ? approval.amount : balance.right;
    const usd = await this.prices.usdValue(approval.token, reach)();
    return E.isRight(usd) ? usd.right : null;
  }

  /** Days from the callee's creation (chain time) to the simulated block, when it is a contract the explorer knows. */
  private async ageInDays(
    contractCreation: Promise<E.Either<UpstreamFailure, ContractCreation | null>>,
    headNumber: number,
  ): Promise<number | null> {
    const [creation, head] = await Promise.all([contractCreation, this.chain.block(headNumber)()]);
    if (E.isLeft(creation) || creation.right === null || creation.right.timestamp === null) return null;
    if (E.isLeft(head) || head.right === null) return null;
    return Math.max(0, (head.right.timestamp - creation.right.timestamp) / 86_400);
  }

  /** Whom the signer really paid before: recipients of its outgoing non-zero native and token transfers. */
  private async pastCounterparties(signer: Address): Promise<Address[]> {
    const [txs, tokens] = await Promise.all([
      this.explorer.transactionsOf(signer, { limit: HISTORY_LIMIT })(),
      this.explorer.tokenTransfersOf(signer, { limit: HISTORY_LIMIT })(),
    ]);
    const paid = new Set<Address>();
    if (E.isRight(txs))
      for (const tx of txs.right.items) if (tx.from === signer && tx.to !== null && tx.value > 0n) paid.add(tx.to);
    if (E.isRight(tokens)) for (const t of tokens.right.items) if (t.from === signer && t.value > 0n) paid.add(t.to);
    return [...paid];
  }
}

/**
 * A read started ahead of the step that awaits it: an early return (a failed simulation) that never awaits it must not
 * turn its failure into an unhandled rejection. Awaiting the returned promise still sees the failure.
 */
function settledLater<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}
