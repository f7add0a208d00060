import { parseUnits, type Wallet } from "ethers";
import { DEFAULT_PAYMENT_TERMS } from "../../src/domain/payment/payment-terms";
import type { AttackWorld } from "./attack-world";
import { challengeAt, signPayment, submitDirectly, transferPayment, type Challenge } from "./payment-client";
import { violationOf } from "./response-invariants";
import { sendRequest } from "./send-request";
import { reasonOf, type Outcome } from "./payment-outcome";
import { longNonceSignIn, overpayment } from "./value-attacks";

export interface PaymentAttackResult {
  readonly name: string;
  readonly sent: number;
  readonly answered: number;
  /** Value moved to payTo by payments of this attack that rightly bought nothing (an expired or overpaying proof). */
  readonly unansweredValue: bigint;
  readonly failure: string | null;
}

export interface MoneyInvariant {
  readonly price: bigint;
  readonly paidAnswers: number;
  readonly unansweredValue: bigint;
  readonly movedToPayTo: bigint;
  readonly statsQueries: number;
  readonly statsValue: bigint;
  readonly holds: boolean;
}

interface Stats {
  readonly oracleQueries: number;
  readonly valueMoved: string;
}

/** Dev accounts the attacks pay from (0-2 are payer, payee and settler of the world). */
const FIRST_ATTACKER = 5;
let client = 0;

export class PaymentAttacks {
  private readonly results: PaymentAttackResult[] = [];
  challenge!: Challenge;
  path = "";
  private payeeBefore = 0n;
  private statsBefore: Stats = { oracleQueries: 0, valueMoved: "0" };

  constructor(readonly w: AttackWorld) {}

  /** Reads the starting balance and counters; call before anything else reaches the server. */
  async begin(): Promise<void> {
    this.path = `/api/oracle/${this.w.manifest.devAccounts.addresses[19] ?? ""}`;
    this.challenge = await challengeAt(this.w, this.path);
    this.payeeBefore = await this.w.usdcBalance(this.challenge.v1.payTo);
    this.statsBefore = await this.stats();
  }

  async runAll(): Promise<readonly PaymentAttackResult[]> {
    await this.guarded("replay v1 -> v2 -> transfer proof", () => this.replayAcrossEnvelopes(this.attacker(0)));
    // After the first attack: its payer has bought the answer it signs in for.
    await this.guarded("long sign-in nonce", () => longNonceSignIn(this, this.attacker(0)));
    await this.guarded("overpayment", () => overpayment(this, this.attacker(7)));
    await this.guarded("concurrent reuse", () => this.concurrentReuse(this.attacker(1)));
    for (const [i, delayMs] of (["same block", 0, 40] as const).entries()) {
      await this.guarded(`direct submission race (${delayMs})`, () =>
        this.directSubmissionRace(this.attacker(2 + i), delayMs),
      );
    }
    await this.guarded("front-run authorization", () => this.frontRunAuthorization(this.attacker(8), this.attacker(9)));
    // Last: it moves the chain clock an hour and more ahead.
    await this.guarded("expiry edge", () => this.expiryEdge(this.attacker(6)));
    return this.results;
  }

  /** An attack that could not be carried out is a failure in the report, not a crash that hides the others. */
  private async guarded(name: string, attack: () => Promise<void>): Promise<void> {
    try {
      await attack();
    } catch (error) {
      this.results.push({
        name,
        sent: 0,
        answered: 0,
        unansweredValue: 0n,
        failure: `attack did not run: ${String(error)}`,
      });
    }
  }

  /** USDC moved to payTo == price x paid answers (+ what payments that rightly bought nothing moved), and /api/stats agrees. */
  async moneyInvariant(): Promise<MoneyInvariant> {
    const price = this.price();
    const paidAnswers = this.results.reduce((sum, r) => sum + r.answered, 0);
    const unansweredValue = this.results.reduce((sum, r) => sum + r.unansweredValue, 0n);
    const movedToPayTo = (await this.w.usdcBalance(this.challenge.v1.payTo)) - this.payeeBefore;
    const after = await this.stats();
    const statsQueries = after.oracleQueries - this.statsBefore.oracleQueries;
    const statsValue = parseUnits(after.valueMoved, 6) - parseUnits(this.statsBefore.valueMoved, 6);
    const holds =
      movedToPayTo === price * BigInt(paidAnswers) + unansweredValue &&
      statsQueries === paidAnswers &&
      statsValue === price * BigInt(paidAnswers);
    return { price, paidAnswers, unansweredValue, movedToPayTo, statsQueries, statsValue, holds };
  }

  price(): bigint {
    return BigInt(this.challenge.v1.maxAmountRequired);
  }

  private attacker(i: number): Wallet {
    return this.w.wallet(FIRST_ATTACKER + i);
  }

  private async stats(): Promise<Stats> {
    return (await (await fetch(`${this.w.url}/api/stats`)).json()) as Stats;
  }

  /** Sends one paid request; counts a 200 as an answer and checks the HTTP invariants. */
  async pay(headers: Record<string, string>): Promise<Outcome> {
    client += 1;
    const request = { method: "GET", path: this.path, headers, target: "payment" };
    const response = await sendRequest(this.w.url, request, `10.254.${(client >> 8) & 255}.${client & 255}`);
    return { status: response.status, reason: reasonOf(response.body), violation: violationOf(request, response) };
  }

  record(
    name: string,
    outcomes: readonly Outcome[],
    maxAnswers: number,
    unansweredValue = 0n,
    extra: string | null = null,
  ) {
    const answered = outcomes.filter((o) => o.status === 200).length;
    const violation = outcomes.find((o) => o.violation !== null)?.violation ?? null;
    const failure =
      violation ??
      extra ??
      (answered > maxAnswers
        ? `${answered} answers for one payment (statuses ${outcomes.map((o) => o.status).join(",")})`
        : null);
    this.results.push({ name, sent: outcomes.length, answered, unansweredValue, failure });
  }

  /** One authorization as v1, then as v2, then as a transfer proof of its settlement. */
  private async replayAcrossEnvelopes(payer: Wallet) {
    const signed = await signPayment(this.w, payer, this.challenge);
    const first = await this.pay(signed.v1);
    const asV2 = await this.pay(signed.v2);
    const settlement = await this.settlementTx(payer);
    const asProof = await this.pay({
      "X-Payment": Buffer.from(JSON.stringify({ txHash: settlement, nonce: signed.draft.nonce })).toString("base64"),
    });
    const notServed = first.status === 200 ? null : `the honest v1 payment was not served (${first.status})`;
    this.record("replay v1 -> v2 -> transfer proof", [first, asV2, asProof], 1, 0n, notServed);
  }

  /** 20 concurrent requests with one authorization, then 20 with one transfer proof. */
  private async concurrentReuse(payer: Wallet) {
    const signed = await signPayment(this.w, payer, this.challenge);
    this.record(
      "20 concurrent, one authorization",
      await Promise.all(Array.from({ length: 20 }, () => this.pay(signed.v1))),
      1,
    );
    const transfer = await transferPayment(this.w, payer, this.challenge);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => this.pay(transfer.proof)));
    // The transfer moved the price whatever the server does: if nothing was served it is unanswered.
    this.record(
      "20 concurrent, one transfer proof",
      outcomes,
      1,
      outcomes.some((o) => o.status === 200) ? 0n : this.price(),
    );
  }

  /**
   * The payer submits its own authorization while the server settles it, then claims that tx as a
   * transfer proof. "same block": automine is paused until the server's settlement waits in the
   * mempool, and the payer's copy outbids it, so the settler finds the authorization used by
   * someone else (issue 13, item 2) deterministically; "after N ms": the plain timing race.
   */
  private async directSubmissionRace(payer: Wallet, delayMs: number | "same block") {
    const signed = await signPayment(this.w, payer, this.challenge);
    const sameBlock = delayMs === "same block";
    if (sameBlock) await this.w.provider.send("evm_setAutomine", [false]);
    let outcomes: Outcome[];
    try {
      const served = this.pay(signed.v1);
      if (sameBlock) await this.settlementPending();
      else await new Promise((resolve) => setTimeout(resolve, delayMs));
      const direct = await submitDirectly(
        this.w,
        payer,
        signed,
        this.challenge.v1.asset,
        sameBlock ? 1_000n * 10n ** 9n : undefined,
      );
      if (sameBlock) await this.w.provider.send("evm_mine", []);
      outcomes = [await served];
      if (sameBlock) await this.w.provider.send("evm_setAutomine", [true]);
      outcomes.push(await this.pay(direct.proof));
    } finally {
      if (sameBlock) await this.w.provider.send("evm_setAutomine", [true]);
    }
    // One authorization moves the price once, whoever submits it; unanswered if nobody was served.
    const name = `direct submission race (${sameBlock ? "same block, payer first" : `+${delayMs} ms`}) statuses ${outcomes.map((o) => o.status).join("/")}`;
    this.record(name, outcomes, 1, outcomes.some((o) => o.status === 200) ? 0n : this.price());
  }

  /**
   * Someone else (a mempool watcher, the payee's own bot) submits the payer's authorization on chain
   * before the payer presents it (issue 33 item 6): the payee has the price, our ledger never saw the
   * key. The payer is owed one answer (not `nonce_already_used`); the v2 copy of it buys nothing more.
   */
  private async frontRunAuthorization(payer: Wallet, submitter: Wallet) {
    const signed = await signPayment(this.w, payer, this.challenge);
    const before = await this.w.usdcBalance(this.challenge.v1.payTo);
    const submitted = await submitDirectly(this.w, submitter, signed, this.challenge.v1.asset);
    const mined = await this.w.provider.waitForTransaction(submitted.txHash, 1, 10_000);
    const moved = (await this.w.usdcBalance(this.challenge.v1.payTo)) - before;
    const outcomes = [await this.pay(signed.v1), await this.pay(signed.v2), await this.pay(signed.v1)];
    const statuses = outcomes.map((o) => o.status).join("/");
    const problem =
      mined?.status !== 1 || moved !== this.price()
        ? `the third party's submission did not pay the payee the price (moved ${moved})`
        : outcomes[0]?.status === 200
          ? null
          : `the front-run payment was not served (${outcomes[0]?.status}, reason ${outcomes[0]?.reason})`;
    this.record(
      `front-run authorization (third party submits first) statuses ${statuses}`,
      outcomes,
      1,
      outcomes.some((o) => o.status === 200) ? 0n : moved,
      problem,
    );
  }

  /** Waits (bounded) until a transaction sits in the pending block: the server's settlement. */
  private async settlementPending(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const pending = (await this.w.provider.send("eth_getBlockByNumber", ["pending", false])) as {
        transactions: string[];
      } | null;
      if ((pending?.transactions.length ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("the server's settlement never reached the mempool (10 s)");
  }

  /** A transfer proof presented exactly at the maximum age (twice), and one second past it. */
  private async expiryEdge(payer: Wallet) {
    const maxAge = DEFAULT_PAYMENT_TERMS.transferMaxAgeSeconds;
    const atEdge = await transferPayment(this.w, payer, this.challenge);
    await this.w.provider.send("evm_mine", [atEdge.blockTimestamp + maxAge]);
    const edgeOutcomes = [await this.pay(atEdge.proof), await this.pay(atEdge.proof)];
    this.record(
      "transfer proof at age == maxAge, twice",
      edgeOutcomes,
      1,
      edgeOutcomes.some((o) => o.status === 200) ? 0n : this.price(),
    );
    const late = await transferPayment(this.w, payer, this.challenge);
    await this.w.provider.send("evm_mine", [late.blockTimestamp + maxAge + 1]);
    const lateOutcome = await this.pay(late.proof);
    this.record(
      "transfer proof at age == maxAge + 1",
      [lateOutcome],
      0,
      this.price(),
      lateOutcome.status === 422 ? null : `expected 422, got ${lateOutcome.status}`,
    );
  }

  /** The settlement transaction of the payer's last payment, read from the chain's Transfer logs to payTo. */
  private async settlementTx(payer: Wallet): Promise<string> {
    const head = await this.w.provider.getBlockNumber();
    const logs = await this.w.usdc.queryFilter(
      this.w.usdc.filters.Transfer!(payer.address, this.challenge.v1.payTo),
      head - 5,
      head,
    );
    return logs.at(-1)?.transactionHash ?? "0x" + "00".repeat(32);
  }
}
