import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { asSuiAddress } from "../../../src/domain/sui/sui-address";
import { EmbeddedSuiLedger } from "../../../src/dev-world/sui/embedded-sui-ledger";
import { ledgerId } from "../../../src/dev-world/sui/sui-ledger-state";
import { seedSuiWorld } from "../../../src/dev-world/sui/sui-world-seed";
import { suiChainContract } from "./sui-chain.contract";

suiChainContract("EmbeddedSuiLedger", async () => {
  const oracle = asSuiAddress(new Ed25519Keypair().toSuiAddress());
  const now = Date.parse("2026-11-20T12:00:00.000Z");
  const { state, scenario } = seedSuiWorld(now, oracle);
  return {
    chain: new EmbeddedSuiLedger(state, oracle, () => now),
    outsider: new EmbeddedSuiLedger(state, asSuiAddress(new Ed25519Keypair().toSuiAddress()), () => now),
    fixedCoin: scenario.fixedSupplyCoin,
    mintableCoin: scenario.mintableCoin,
    regulatedCoin: scenario.regulatedCoin,
    freshCoin: scenario.freshCoin,
    treasuryHolder: ledgerId("coin-deployer"),
    longWallet: scenario.longLivedWallet,
    freshWallet: scenario.freshWallet,
    botWallet: scenario.botWallet,
    teardown: async () => undefined,
  };
});
