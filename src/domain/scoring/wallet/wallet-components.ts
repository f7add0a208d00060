import { type ScoreComponent, component } from "../breakdown";
import { logScale, sqrtScale } from "../common/math";
import type { WalletActivity } from "./activity";

/** The positive parts of a wallet score; they sum to at most 100. */
export function walletComponents(a: WalletActivity, adoptedDeployments: number): ScoreComponent[] {
  return [
    component(
      "age",
      "wallet age",
      a.ageDays,
      "days",
      sqrtScale(a.ageDays, 180, 20),
      20,
      "More time since first activity",
    ),
    component(
      "activeDays",
      "activity spread",
      a.activeDays,
      "active days",
      sqrtScale(a.activeDays, 30, 15),
      15,
      "Activity on more distinct days",
    ),
    component(
      "activeMonths",
      "active months",
      a.activeMonths,
      "months",
      sqrtScale(a.activeMonths, 6, 10),
      10,
      "Activity across more months",
    ),
    component(
      "transactions",
      "transaction count",
      a.transactionCount,
      "transactions",
      logScale(a.transactionCount, 200, 10),
      10,
      "More transactions",
    ),
    component(
      "counterparties",
      "counterparty diversity",
      a.counterparties,
      "counterparties",
      logScale(a.counterparties, 25, 15),
      15,
      "Dealing with more distinct counterparties",
    ),
    component(
      "contracts",
      "contract interactions",
      a.contractsCalled,
      "contracts",
      logScale(a.contractsCalled, 10, 10),
      10,
      "Using more distinct contracts",
    ),
    component(
      "deployments",
      "adopted deployments",
      adoptedDeployments,
      "deployments with independent users",
      adoptedDeployments * 5,
      10,
      "Deploying contracts that independent users adopt",
    ),
    component(
      "balance",
      "balance",
      a.balanceUsd ?? 0,
      "USD",
      logScale(a.balanceUsd ?? 0, 1_000, 10),
      10,
      "Holding a larger balance",
    ),
  ];
}
