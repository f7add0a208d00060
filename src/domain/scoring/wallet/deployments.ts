import type { Address } from "../../chain/address";
import { round2 } from "../common/math";
import { type Flag, raiseFlag, sample } from "../flag";
import { insiderDump, liquidityPulls } from "../market/deployer-dump";
import { analyzeMarket } from "../market/trades";
import type { DeploymentContext } from "../profiles/wallet-profile";
import { DAY_SECONDS, TOKEN, WALLET } from "../thresholds";

export interface DeploymentFindings {
  /** Deployments used by enough independent addresses. */
  readonly adopted: number;
  readonly flags: readonly Flag[];
}

/**
 * Independent users: callers of the contract and receivers of its token from anyone but the wallet,
 * other than the wallet itself and addresses the wallet funded (its own puppets are not users).
 */
function independentUsers(d: DeploymentContext, self: Address, funded: ReadonlySet<Address>): number {
  const users = new Set<Address>();
  const pools = new Set(d.market?.pools.map((p) => p.pool) ?? []);
  const counts = (a: Address): boolean => a !== self && a !== d.contract && !funded.has(a) && !pools.has(a);
  for (const tx of d.transactions.items) if (tx.to === d.contract && counts(tx.from)) users.add(tx.from);
  for (const t of d.market?.transfers.items ?? []) if (t.from !== self && counts(t.to)) users.add(t.to);
  return users.size;
}

export function deploymentFindings(
  self: Address,
  deployments: readonly DeploymentContext[],
  funded: ReadonlySet<Address>,
): DeploymentFindings {
  let adopted = 0;
  const flags: Flag[] = [];
  for (const d of deployments) {
    if (independentUsers(d, self, funded) >= WALLET.deploymentMinIndependentUsers) adopted++;
    if (d.market === null) continue;
    const analysis = analyzeMarket(d.market);
    for (const pull of liquidityPulls(analysis.liquidity.pools, TOKEN.rugLiquidityShare)) {
      if (pull.remover !== self) continue;
      flags.push(
        raiseFlag("RUGGED_DEPLOYMENT", {
          detail: `Deployed ${d.contract} and removed ${Math.round(pull.share * 100)}% of the liquidity of pool ${pull.pool}.`,
          tokens: [d.contract],
          txHashes: sample([d.creationTxHash, ...pull.txHashes]),
          counterparties: [pull.pool],
          blocks: sample(pull.blocks),
          figures: { removedShare: round2(pull.share) },
        }),
      );
    }
    const dump = insiderDump(d.market, analysis, self, d.createdAt + WALLET.deployedDumpWindowDays * DAY_SECONDS);
    if (dump.share >= WALLET.deployedDumpShare) {
      flags.push(
        raiseFlag("DEPLOYED_AND_DUMPED", {
          detail: `Deployed ${d.contract} and sold ${Math.round(Math.min(1, dump.share) * 100)}% of its holding within ${WALLET.deployedDumpWindowDays} days.`,
          tokens: [d.contract],
          txHashes: sample([d.creationTxHash, ...dump.sells.map((s) => s.txHash)]),
          blocks: sample(dump.sells.map((s) => s.blockNumber)),
          figures: { soldShare: round2(Math.min(1, dump.share)) },
        }),
      );
    }
  }
  return { adopted, flags };
}
