import type { CapabilityEvidence } from "../../../../../src/domain/scoring/profiles/capabilities";
import type { Address } from "../../../../../src/domain/chain/address";
import type { TokenHolding, TokenTransfer } from "../../../../../src/domain/chain/chain-types";
import type {
  SellSimulation,
  SimulationActorRole,
  SimulationAttempt,
  TokenMarket,
} from "../../../../../src/domain/scoring/profiles/market";
import type { TokenProfile } from "../../../../../src/domain/scoring/profiles/token-profile";
import { DAY, PLAIN_ERC20_CODE, T0, addr, complete, creation, rng } from "./builders";
import { MarketScript, UNIT } from "./market-script";

export const TOKEN = addr(0x7000);
export const POOL = addr(0x7001);
export const DEPLOYER = addr(0x7002);
export const FRESH = addr(0x7003);
export const NOW = T0 + 120 * DAY;

export function buyer(i: number): Address {
  return addr(0x10000 + i);
}

/** Current balances replayed from transfers, largest first, as holdersOf would list them. */
export function holdersFrom(transfers: readonly TokenTransfer[]): TokenHolding[] {
  const balances = new Map<Address, bigint>();
  for (const t of transfers) {
    if (t.from !== addr(0)) balances.set(t.from, (balances.get(t.from) ?? 0n) - t.value);
    balances.set(t.to, (balances.get(t.to) ?? 0n) + t.value);
  }
  return [...balances]
    .filter(([holder, balance]) => balance > 0n && holder !== addr(0))
    .map(([holder, balance]) => ({ holder, balance }))
    .sort((a, b) => (b.balance > a.balance ? 1 : -1));
}

/** Deployer pairs 95% of the supply, then 40 buyers arrive over ~80 days; a few take partial profits. */
export function healthyScript(buyers = 40): MarketScript {
  const random = rng(7);
  const s = new MarketScript(TOKEN, POOL, DEPLOYER);
  s.mint(DEPLOYER, 1_000_000n);
  s.advance(10, 20).addLiquidity(DEPLOYER, 950_000n, 1_000n * UNIT);
  for (let i = 0; i < buyers; i++) {
    s.advance(20_000 + Math.floor(random() * 40_000), Math.floor(DAY + random() * DAY));
    s.buy(buyer(i), 5_000n + BigInt(i * 100));
    if (i % 7 === 3) s.advance(50, 600).sell(buyer(i), 1_000n);
  }
  return s;
}

export function attempt(
  action: SimulationAttempt["action"],
  actorRole: SimulationActorRole,
  ok: boolean,
  actor: Address = actorRole === "fresh" ? FRESH : buyer(0),
  expectedOut = 1_000n,
  amountOut = 990n,
): SimulationAttempt {
  return {
    action,
    actor,
    actorRole,
    pool: action === "transfer" ? null : POOL,
    amountIn: 1_000n,
    expectedOut,
    outcome: ok ? { ok: true, amountOut } : { ok: false, reason: "TRANSFER_FAILED" },
  };
}

export function simulation(...attempts: SimulationAttempt[]): SellSimulation {
  return { blockNumber: 4_242, attempts };
}

export const CLEAN_SIMULATION = simulation(
  attempt("buy", "fresh", true),
  attempt("sell", "holder", true),
  attempt("sell", "fresh", true),
  attempt("transfer", "fresh", true, FRESH, 1_000n, 1_000n),
);

/** Capability probes that found nothing: every simulation ran and went through, no privileged effect. */
export function cleanCapabilities(overrides: Partial<CapabilityEvidence> = {}): CapabilityEvidence {
  const ok = (amount: bigint) => ({ amount, ok: true, reason: null });
  return {
    blockNumber: 4_242,
    owner: DEPLOYER,
    pendingOwner: null,
    storedAddresses: [],
    balanceSlot: 0,
    probedSelectors: ["0x12345678"],
    baseline: { targetTransferOk: true, otherTransferOk: true, sellOk: true, sellTaxBps: 30 },
    effects: [],
    proxy: null,
    sellSizes: { holder: FRESH, holderRole: "fresh", balance: 1_000n, small: ok(10n), all: ok(1_000n) },
    cooldown: { seller: FRESH, amount: 10n, first: true, second: true },
    whale: { small: ok(10n), large: ok(10_000n), largeShareBps: 300 },
    transferTrace: { holder: FRESH, amount: 10n, trace: { failed: false, calls: [], storageWrites: [], steps: 400 } },
    history: [],
    gaps: [],
    ...overrides,
  };
}

export function tokenProfile(market: TokenMarket, overrides: Partial<TokenProfile> = {}): TokenProfile {
  const holders = holdersFrom(market.transfers.items);
  return {
    token: market.token,
    officialIssuer: false,
    metadata: { name: "Fixture", symbol: "FIX", decimals: 18, totalSupply: 1_000_000n * UNIT },
    bytecode: PLAIN_ERC20_CODE,
    creation: creation(market.token, DEPLOYER, T0),
    holders: complete(holders),
    market,
    sellSimulation: CLEAN_SIMULATION,
    deployerWalletScore: { score: 72, tier: "HIGH" },
    holderQuality: holders
      .filter((h) => h.holder !== DEPLOYER && h.holder !== POOL)
      .map((h) => ({ holder: h.holder, tier: "HIGH", ageDays: 200 })),
    buyerFunding: new Map(),
    deployerStakingBoost: 0,
    capabilities: cleanCapabilities(),
    references: [],
    ...overrides,
  };
}

/** The pool's reserves as the script left them, priced in USDC. */
export function healthyPool(s: MarketScript, quoteUsd = 60_000n): ReturnType<MarketScript["poolFacts"]> {
  const poolBalance = holdersFrom(s.transfers).find((h) => h.holder === POOL)?.balance ?? 0n;
  return s.poolFacts(poolBalance / UNIT, quoteUsd);
}

export function healthyToken(overrides: Partial<TokenProfile> = {}): TokenProfile {
  const s = healthyScript();
  return tokenProfile(s.market([healthyPool(s)]), overrides);
}
