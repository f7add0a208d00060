import { asCoinType, type CoinType, type SuiAddress } from "../../domain/sui/sui-address";
import type { CapHolder, CoinMetadataFacts } from "../../domain/sui/sui-facts";
import {
  EPOCH_MS,
  ledgerDigest,
  ledgerId,
  type LedgerCoin,
  type LedgerState,
  type LedgerTransaction,
} from "./sui-ledger-state";

/**
 * The seeded Sui world (documented in docs/sui.md): SUI itself, four coins that
 * span the scoring rules, and three wallets with long, fresh and bot-like histories. Deterministic:
 * the same ids and digests on every start; times are relative to `nowMs` (chain time).
 */
export interface SuiScenario {
  readonly suiCoin: CoinType;
  readonly fixedSupplyCoin: CoinType;
  readonly mintableCoin: CoinType;
  readonly regulatedCoin: CoinType;
  readonly freshCoin: CoinType;
  readonly longLivedWallet: SuiAddress;
  readonly freshWallet: SuiAddress;
  readonly botWallet: SuiAddress;
  readonly registryId: SuiAddress;
  readonly packageId: SuiAddress;
  readonly oracle: SuiAddress;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const UNIT = 1_000_000_000n;

/** mulberry32: a small seeded generator, so the "random" history is the same every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const meta = (name: string, symbol: string, description: string, iconUrl: string | null): CoinMetadataFacts => ({
  name,
  symbol,
  description,
  iconUrl,
  decimals: 9,
});

/** `count` holders whose balances fall gently (no one above ~10%), or one whale with `whaleShare`. */
function holders(label: string, count: number, whaleShare = 0): Map<SuiAddress, bigint> {
  const balances = new Map<SuiAddress, bigint>();
  for (let i = 0; i < count; i++) balances.set(ledgerId(`${label}-holder-${i}`), BigInt(1000 - i * 10) * UNIT);
  if (whaleShare > 0) {
    const rest = [...balances.values()].reduce((s, b) => s + b, 0n);
    balances.set(ledgerId(`${label}-whale`), (rest * BigInt(whaleShare)) / BigInt(100 - whaleShare));
  }
  return balances;
}

function coins(nowMs: number, deployer: SuiAddress): LedgerCoin[] {
  const account = (address: SuiAddress): CapHolder => ({ kind: "address", address });
  const pkg = (label: string) => ledgerId(`package-${label}`);
  return [
    {
      coinType: asCoinType("0x2::sui::SUI"),
      metadata: meta("Sui", "SUI", "The native coin of Sui", "https://sui.io/logo.svg"),
      metadataCapExists: false,
      supplyState: "fixed",
      treasuryCapHolder: null,
      denyCap: null,
      publishedAtMs: nowMs - 900 * DAY,
      balances: holders("sui", 50),
    },
    {
      coinType: asCoinType(`${pkg("anchor")}::anchor::ANCHOR`),
      metadata: meta("Anchor", "ANCHOR", "Fixed-supply coin: the TreasuryCap was consumed", "https://x.test/a.png"),
      metadataCapExists: false,
      supplyState: "fixed",
      treasuryCapHolder: null,
      denyCap: null,
      publishedAtMs: nowMs - 400 * DAY,
      balances: holders("anchor", 40),
    },
    {
      coinType: asCoinType(`${pkg("minty")}::minty::MINTY`),
      metadata: meta("Minty", "MINTY", "Mintable coin: an account holds the TreasuryCap", "https://x.test/m.png"),
      metadataCapExists: true,
      supplyState: "mintable",
      treasuryCapHolder: account(deployer),
      denyCap: null,
      publishedAtMs: nowMs - 200 * DAY,
      balances: holders("minty", 30),
    },
    {
      coinType: asCoinType(`${pkg("rusd")}::rusd::RUSD`),
      metadata: meta(
        "Regulated USD",
        "RUSD",
        "Regulated coin with a deny list and global pause",
        "https://x.test/r.png",
      ),
      metadataCapExists: true,
      supplyState: "mintable",
      treasuryCapHolder: account(deployer),
      denyCap: { holder: account(deployer), allowGlobalPause: true },
      publishedAtMs: nowMs - 250 * DAY,
      balances: holders("rusd", 30),
    },
    {
      coinType: asCoinType(`${pkg("fresh")}::fresh::FRESH`),
      metadata: meta("Fresh", "FRESH", "", null),
      metadataCapExists: true,
      supplyState: "mintable",
      treasuryCapHolder: account(deployer),
      denyCap: null,
      publishedAtMs: nowMs - 2 * HOUR,
      balances: holders("fresh", 3, 90),
    },
  ];
}

function tx(
  label: string,
  sender: SuiAddress,
  timestampMs: number,
  rest: Partial<LedgerTransaction>,
): LedgerTransaction {
  return {
    digest: ledgerDigest(label),
    sender,
    timestampMs,
    recipients: [],
    objectsCreated: 0,
    packagesCalled: [],
    ...rest,
  };
}

function histories(nowMs: number, s: Pick<SuiScenario, "longLivedWallet" | "freshWallet" | "botWallet">) {
  const random = seeded(15);
  const out: LedgerTransaction[] = [];
  const packages = [0, 1, 2, 3, 4, 5].map((i) => ledgerId(`dapp-${i}`));
  // Long-lived: 140 transactions over 500 days, 25 counterparties, 6 packages, irregular gaps.
  for (let i = 0; i < 140; i++) {
    const at = nowMs - 500 * DAY + Math.floor(random() * 495 * DAY);
    const peer = ledgerId(`long-peer-${i % 25}`);
    const sent = i % 3 !== 0;
    out.push(
      tx(`long-${i}`, sent ? s.longLivedWallet : peer, at, {
        recipients: [sent ? peer : s.longLivedWallet],
        objectsCreated: i % 10 === 0 ? 1 : 0,
        packagesCalled: sent ? [packages[i % 6] as SuiAddress] : [],
      }),
    );
  }
  // Fresh: three transactions in the last two days, funded by one address.
  const funder = ledgerId("fresh-funder");
  for (let i = 0; i < 3; i++)
    out.push(
      tx(`fresh-${i}`, i === 0 ? funder : s.freshWallet, nowMs - (40 - i * 12) * HOUR, {
        recipients: [i === 0 ? s.freshWallet : funder],
      }),
    );
  // Bot: 60 calls to one package every 30 minutes, give or take a few seconds, over 40 days of age.
  const botTarget = ledgerId("bot-target");
  out.push(tx("bot-funding", botTarget, nowMs - 40 * DAY, { recipients: [s.botWallet] }));
  for (let i = 0; i < 60; i++) {
    const at = nowMs - 31 * HOUR + i * 30 * 60_000 + Math.floor(random() * 10_000);
    out.push(tx(`bot-${i}`, s.botWallet, at, { recipients: [botTarget], packagesCalled: [packages[0] as SuiAddress] }));
  }
  return out.sort((a, b) => a.timestampMs - b.timestampMs);
}

/** Builds the seeded ledger state; `oracle` is the address that holds the OracleCap. */
export function seedSuiWorld(nowMs: number, oracle: SuiAddress): { state: LedgerState; scenario: SuiScenario } {
  const deployer = ledgerId("coin-deployer");
  const seededCoins = coins(nowMs, deployer);
  const wallets = {
    longLivedWallet: ledgerId("wallet-long-lived"),
    freshWallet: ledgerId("wallet-fresh"),
    botWallet: ledgerId("wallet-bot"),
  };
  const scenario: SuiScenario = {
    suiCoin: seededCoins[0]!.coinType,
    fixedSupplyCoin: seededCoins[1]!.coinType,
    mintableCoin: seededCoins[2]!.coinType,
    regulatedCoin: seededCoins[3]!.coinType,
    freshCoin: seededCoins[4]!.coinType,
    ...wallets,
    registryId: ledgerId("score-registry"),
    packageId: ledgerId("package-credence"),
    oracle,
  };
  const state: LedgerState = {
    genesisMs: nowMs - 1000 * EPOCH_MS,
    coins: new Map(seededCoins.map((c) => [c.coinType, c])),
    transactions: histories(nowMs, wallets),
    registryId: scenario.registryId,
    packageId: scenario.packageId,
    oracleCapHolder: oracle,
    records: new Map(),
    capabilities: [],
    scoreEvents: [],
  };
  return { state, scenario };
}
