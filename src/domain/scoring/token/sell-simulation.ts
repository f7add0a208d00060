import type { Address } from "../../chain/address";
import type { Shortfall } from "../common/confidence";
import { type Flag, distinctSample, raiseFlag } from "../flag";
import type { MarketAnalysis } from "../market/trades";
import type { SellSimulation, SimulationAttempt } from "../profiles/market";
import { TOKEN } from "../thresholds";

export interface SimulationFindings {
  readonly flags: readonly Flag[];
  readonly shortfalls: readonly Shortfall[];
  readonly buyTaxBps: number | null;
  readonly sellTaxBps: number | null;
  /** Real holders who can neither sell nor transfer while a fresh address can do both: frozen, not trapped. */
  readonly blacklistedHolders: readonly Address[];
}

/** (expected - actual) / expected in basis points; 0 when the token delivered at least the quote. */
export function taxBps(attempt: SimulationAttempt): number | null {
  if (!attempt.outcome.ok || attempt.expectedOut === null || attempt.expectedOut <= 0n) return null;
  const lost = attempt.expectedOut - attempt.outcome.amountOut;
  return lost <= 0n ? 0 : Number((lost * 10_000n) / attempt.expectedOut);
}

function maxTax(attempts: readonly SimulationAttempt[]): number | null {
  let max: number | null = null;
  for (const a of attempts) {
    const t = taxBps(a);
    if (t !== null && (max === null || t > max)) max = t;
  }
  return max;
}

function taxFlag(code: "HIGH_SELL_TAX" | "HIGH_BUY_TAX", bps: number | null, highPoints: number): Flag | null {
  if (bps === null || bps < TOKEN.taxBps) return null;
  const evidence = {
    detail: `Simulation measured a ${bps / 100}% ${code === "HIGH_SELL_TAX" ? "sell" : "buy"} tax.`,
    figures: { taxBps: bps },
  };
  return raiseFlag(code, evidence, bps >= TOKEN.taxHighBps ? { severity: "high", points: highPoints } : undefined);
}

interface Flow {
  readonly buyers: number;
  readonly sells: number;
  /** Distinct non-privileged addresses behind `sells`. */
  readonly sellers: number;
}

/** Non-privileged buyers and successful non-privileged sells seen in the transfers. */
export function nonPrivilegedFlow(analysis: MarketAnalysis): Flow {
  const buyers = new Set<Address>();
  const sellers = new Set<Address>();
  let sells = 0;
  for (const t of analysis.trades) {
    if (analysis.privileged.has(t.trader)) continue;
    if (t.kind === "buy") buyers.add(t.trader);
    else {
      sells++;
      sellers.add(t.trader);
    }
  }
  return { buyers: buyers.size, sells, sellers: sellers.size };
}

/**
 * HONEYPOT_PATTERN: a non-privileged seller's simulated sell reverts (or keeps >= 90% as tax) while
 * buying works. A failing buy is not a failing sell: with buys failing too, trading may simply be off,
 * which is stated as a limitation, not as a honeypot.
 */
export function simulationFindings(simulation: SellSimulation | null, analysis: MarketAnalysis): SimulationFindings {
  const flow = nonPrivilegedFlow(analysis);
  const flowText = `History: ${flow.buyers} non-privileged buyer(s), ${flow.sells} successful non-privileged sell(s).`;
  const noSells =
    flow.buyers >= TOKEN.noSellsMinBuyers && flow.sells === 0
      ? raiseFlag("NO_SUCCESSFUL_SELLS", { detail: flowText, figures: { buyers: flow.buyers, sells: 0 } })
      : null;
  if (simulation === null) {
    const shortfall = { cost: 25, limitation: "No sell simulation ran: a honeypot cannot be ruled out." };
    return {
      flags: noSells === null ? [] : [noSells],
      shortfalls: [shortfall],
      buyTaxBps: null,
      sellTaxBps: null,
      blacklistedHolders: [],
    };
  }
  const open = (a: SimulationAttempt): boolean =>
    (a.actorRole === "holder" || a.actorRole === "fresh") && !analysis.privileged.has(a.actor);
  const buys = simulation.attempts.filter((a) => a.action === "buy");
  // A holder sold for through a router it approved sold as real holders do; the same holder with the simulator's
  // code at its address is a contract to the token, which some tokens treat differently (ignore, tax, refuse).
  const approvedSellers = new Set(
    simulation.attempts.filter((a) => a.action === "sell" && a.route === "approved").map((a) => a.actor),
  );
  const openSells = simulation.attempts.filter(
    (a) => a.action === "sell" && open(a) && (a.route === "approved" || !approvedSellers.has(a.actor)),
  );
  // A fresh seller holds what the simulation wrote into storage; a real holder holds what it bought. When real
  // holders sold in history and none of the simulated real holders failed, a fresh seller's failure says more about
  // the written state (a balance slot that is not the whole story) than about the token.
  const overruled = freshOverruledByHistory(openSells, flow);
  const sells = overruled ? openSells.filter((a) => a.actorRole !== "fresh") : openSells;
  const buyWorks = buys.length > 0 ? buys.some((a) => a.outcome.ok) : flow.buyers > 0;
  const blacklistedHolders = frozenHolders(simulation.attempts.filter(open));
  const frozen = new Set<Address>(blacklistedHolders);
  // A holder frozen by a blacklist fails to sell because it cannot move tokens at all; the token is not a trap
  // for everyone else, and HOLDERS_BLACKLISTED says so.
  const failed = sells.filter((a) => !a.outcome.ok && !frozen.has(a.actor));
  const okSells = sells.filter((a) => a.outcome.ok);
  const sellTaxBps = maxTax(okSells);
  const buyTaxBps = maxTax(buys);
  const shortfalls: Shortfall[] = [];
  if (sells.length === 0) {
    shortfalls.push({
      cost: 20,
      limitation: "The sell simulation had no non-privileged seller: a honeypot cannot be ruled out.",
    });
  }
  if (!buyWorks && failed.length > 0) {
    shortfalls.push({
      cost: 15,
      limitation: "Simulated buys and sells both failed: trading may be disabled; no honeypot verdict.",
    });
  }
  if (overruled) {
    shortfalls.push({
      cost: 10,
      limitation: `A fresh address given a balance by state override could not sell at the quote, while ${flow.sellers} non-privileged holders sold in history and no simulated real holder failed: taken as an artefact of the simulation, no honeypot verdict.`,
    });
  }
  const confiscatory = sellTaxBps !== null && sellTaxBps >= TOKEN.honeypotSellTaxBps;
  const flags: Flag[] = [];
  if (buyWorks && (failed.length > 0 || confiscatory)) {
    const reasons = distinctSample(
      failed.map((a) => (a.outcome.ok ? "" : (a.outcome.reason ?? "reverted"))),
      3,
    );
    const freshFailed = failed.some((a) => a.actorRole === "fresh");
    const what =
      failed.length > 0
        ? `${failed.length} of ${sells.length} simulated sells by non-privileged sellers${freshFailed ? " (a fresh address among them)" : ""} reverted (${reasons.join("; ")})`
        : `simulated sells returned only ${(10_000 - (sellTaxBps ?? 0)) / 100}% of the quote`;
    flags.push(
      raiseFlag("HONEYPOT_PATTERN", {
        detail: `At block ${simulation.blockNumber} ${what} while buying works. ${flowText}`,
        // The sellers that failed and the pools they sold into: both can be checked with the same eth_call.
        counterparties: distinctSample(
          (failed.length > 0 ? failed : okSells).flatMap((a) => (a.pool === null ? [a.actor] : [a.actor, a.pool])),
        ),
        blocks: [simulation.blockNumber],
        figures: {
          failedSells: failed.length,
          simulatedSells: sells.length,
          sellTaxBps: sellTaxBps ?? "n/a",
          buyers: flow.buyers,
          nonPrivilegedSells: flow.sells,
        },
      }),
    );
  } else {
    if (noSells !== null) flags.push(noSells);
    const sellTax = taxFlag("HIGH_SELL_TAX", sellTaxBps, -25);
    if (sellTax !== null) flags.push(sellTax);
  }
  const buyTax = taxFlag("HIGH_BUY_TAX", buyTaxBps, -15);
  if (buyTax !== null) flags.push(buyTax);
  return { flags, shortfalls, buyTaxBps, sellTaxBps, blacklistedHolders };
}

/** A fresh seller failed (or kept >= 90% as tax), no real holder's simulated sell failed, and real holders sold. */
function freshOverruledByHistory(sells: readonly SimulationAttempt[], flow: Flow): boolean {
  const trapped = (a: SimulationAttempt): boolean => !a.outcome.ok || (taxBps(a) ?? 0) >= TOKEN.honeypotSellTaxBps;
  return (
    flow.sellers >= TOKEN.historySellersOverruleFresh &&
    sells.some((a) => a.actorRole === "fresh" && trapped(a)) &&
    !sells.some((a) => a.actorRole !== "fresh" && trapped(a))
  );
}

/** Holders whose sell and transfer both failed while a fresh address's sell and transfer both went through. */
function frozenHolders(attempts: readonly SimulationAttempt[]): Address[] {
  const by = (role: string, action: string, ok: boolean) =>
    new Set(
      attempts.filter((a) => a.actorRole === role && a.action === action && a.outcome.ok === ok).map((a) => a.actor),
    );
  const freshSold = by("fresh", "sell", true);
  const freshMoved = by("fresh", "transfer", true);
  if (![...freshSold].some((a) => freshMoved.has(a))) return [];
  const failedSell = by("holder", "sell", false);
  return [...by("holder", "transfer", false)].filter((a) => failedSell.has(a));
}
