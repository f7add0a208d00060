import type { Container, Newable } from "inversify";
import { SuiChain } from "../../application/ports/sui-chain.port";
import { SuiWriteJournal } from "../../application/ports/sui-write-journal.port";
import { SuiSettings } from "../../application/use-cases/sui/sui-settings";
import { ScoreSuiCoin } from "../../application/use-cases/sui/score-sui-coin.use-case";
import { ScoreSuiWallet } from "../../application/use-cases/sui/score-sui-wallet.use-case";
import { InMemorySuiWriteJournal } from "../../adapters/storage/in-memory-sui-write-journal.adapter";
import type { Config } from "../config/config";

/** The Sui app's use cases, bound by the composition root and resolved by its smoke test. */
export const SUI_USE_CASES: readonly Newable<object>[] = [ScoreSuiCoin, ScoreSuiWallet];

/** Binds the Sui side: the chain (embedded ledger or GraphQL, chosen by the caller), the journal, settings. */
export function bindSui(container: Container, config: Config, suiChain: SuiChain): void {
  container.bind(SuiChain).toConstantValue(suiChain);
  container.bind(SuiWriteJournal).to(InMemorySuiWriteJournal);
  container.bind(SuiSettings).toConstantValue({ verifiedCoins: new Set(config.env.SUI_VERIFIED_COINS) });
}
