import { AccessAttacks, type AccessAttackResult } from "./access-attacks";
import { startAttackWorld, type AttackWorld } from "./attack-world";
import { runFuzzPhase, type FuzzResult } from "./fuzz-phase";
import { runOutboundPhase, type OutboundResult } from "./outbound-phase";
import { PaymentAttacks, type MoneyInvariant, type PaymentAttackResult } from "./payment-attacks";
import { runRateLimitPhase, type RateLimitResult } from "./rate-limit-phase";
import { routeTargets } from "./route-targets";
import { runSuiWritePhase, type SuiWriteResult } from "./sui-write-phase";
import { harvestValidBodies } from "./valid-bodies";

export interface AttackOptions {
  readonly seed: number;
  readonly runs: number;
  /** Replay one request of the seeded sequence (its index) and skip the other phases. */
  readonly only?: number;
  readonly payments?: boolean;
  /** Run the server on PostgreSQL (ledger, subscriptions) instead of process memory. */
  readonly databaseUrl?: string;
}

export interface AttackReport {
  readonly seed: number;
  /** Length of the seeded sequence (with --only, more than the requests sent). */
  readonly runs: number;
  readonly routes: number;
  readonly fuzz: FuzzResult;
  /** The Sui app fuzzed the same way from its own OpenAPI document; null with --only. */
  readonly suiFuzz: FuzzResult | null;
  /** Random never-seen Sui addresses sent to score-wallet: none may cause a registry write; null with --only. */
  readonly suiWrites: SuiWriteResult | null;
  readonly rateLimits: readonly RateLimitResult[];
  /** Alert deliveries aimed at internal addresses (SSRF); empty with --only. */
  readonly outbound: readonly OutboundResult[];
  /** Operator-only acts and the subscription list (issue 28); empty with --only. */
  readonly access: readonly AccessAttackResult[];
  readonly payments: readonly PaymentAttackResult[];
  readonly money: MoneyInvariant | null;
  readonly passed: boolean;
}

/** Addresses of the seeded world (wallets, tokens, NFTs, contracts): inputs that reach real scoring. */
function worldAddresses(w: AttackWorld): string[] {
  const found = JSON.stringify(w.manifest).match(/0x[0-9a-fA-F]{40}/g) ?? [];
  return [...new Set(found.map((a) => a.toLowerCase()))].slice(0, 16);
}

/** Seeded Sui coin types and wallets (and the same with the short 0x2 form): inputs that reach the Sui scorers. */
function suiValues(w: AttackWorld): string[] {
  const roles = w.app.suiScenario;
  return roles === null
    ? ["0x2::sui::SUI"]
    : [...Object.values(roles).filter((v) => v.startsWith("0x")), "0x2::sui::SUI", "0x2"];
}

/** The Sui app gets a quarter of the run, from its own document, with a valid score-wallet body to mutate. */
async function fuzzSuiApp(w: AttackWorld, options: AttackOptions): Promise<FuzzResult | null> {
  if (options.only !== undefined) return null;
  const values = suiValues(w);
  const targets = await routeTargets(w.app.suiUrl);
  const validBodies = { "POST /api/score-wallet": { address: w.app.suiScenario?.longLivedWallet ?? "0x2" } };
  const runs = Math.max(1, Math.floor(options.runs / 4));
  return runFuzzPhase(w.app.suiUrl, { targets, addresses: values, validBodies }, { seed: options.seed, runs });
}

/** Fuzz every documented route, then spend rate limits, aim alerts at internal addresses, then attack payments; the money is checked over the whole run. */
export async function runAttackSuite(options: AttackOptions): Promise<AttackReport> {
  const w = await startAttackWorld(options.databaseUrl);
  try {
    const targets = await routeTargets(w.url);
    const addresses = worldAddresses(w);
    const payments = new PaymentAttacks(w);
    const withPayments = options.payments !== false && options.only === undefined;
    if (withPayments) await payments.begin();
    const validBodies = await harvestValidBodies(
      w.url,
      addresses,
      w.manifest.devAccounts.addresses[10] ?? "",
      w.chainId,
    );
    // Before the fuzzer: it holds the operator key and may itself decide on flags, which would hide what feedback did.
    const access = options.only === undefined ? await new AccessAttacks(w.url, w.manifest.honeypotToken).runAll() : [];
    const fuzz = await runFuzzPhase(w.url, { targets, addresses, validBodies }, options);
    const suiFuzz = await fuzzSuiApp(w, options);
    const suiWrites = options.only === undefined ? await runSuiWritePhase(w.app.suiUrl, options.seed) : null;
    const rateLimits = options.only === undefined ? await runRateLimitPhase(w.url, addresses[0] ?? "") : [];
    const outbound = options.only === undefined ? await runOutboundPhase(w) : [];
    const paymentResults = withPayments ? await payments.runAll() : [];
    const money = withPayments ? await payments.moneyInvariant() : null;
    const passed =
      fuzz.violations.length === 0 &&
      (suiFuzz?.violations.length ?? 0) === 0 &&
      (suiWrites?.failure ?? null) === null &&
      rateLimits.every((r) => r.failure === null) &&
      outbound.every((o) => o.failure === null) &&
      access.every((a) => a.failure === null) &&
      paymentResults.every((r) => r.failure === null) &&
      (money?.holds ?? true);
    return {
      seed: options.seed,
      runs: options.runs,
      routes: targets.length,
      fuzz,
      suiFuzz,
      suiWrites,
      rateLimits,
      outbound,
      access,
      payments: paymentResults,
      money,
      passed,
    };
  } finally {
    await w.stop();
  }
}
