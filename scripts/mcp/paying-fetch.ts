import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { toClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import { changedTerms, type MoneyTerm } from "./payment-terms";
import { SpendBudget } from "./spend-budget";

/** What one paid call cost, as the MCP tool reports it. */
export interface Payment {
  readonly amountAtomic: string;
  readonly asset: string;
  readonly network: string;
  readonly payTo: string;
  readonly transaction: string | null;
  /** "unknown": a signed payment was sent but no settlement receipt came back; it may have moved. */
  readonly outcome: "settled" | "unknown";
}

export interface PaidResponse {
  /** Null: the paid request got no HTTP answer at all. */
  readonly status: number | null;
  readonly body: unknown;
  /** Null: nothing was signed or sent (free answer, a refusal, or an error before paying). */
  readonly payment: Payment | null;
}

/**
 * GET through the official x402 client (@x402/fetch, @x402/evm exact scheme, a viem account),
 * within a spend limit for the whole process (see SpendBudget): a price that would take the total
 * past CREDENCE_SPEND_LIMIT_ATOMIC is refused before anything is signed.
 */
export class PayingFetch {
  private readonly budget: SpendBudget;

  constructor(
    private readonly payerKey: `0x${string}` | undefined,
    spendLimitAtomic: bigint,
  ) {
    this.budget = new SpendBudget(spendLimitAtomic);
  }

  /** What could have left the payer in this process. */
  spent(): bigint {
    return this.budget.spent();
  }

  async get(url: string): Promise<PaidResponse> {
    const unpaid = await fetch(url);
    const challenge = unpaid.headers.get("payment-required");
    if (unpaid.status !== 402 || challenge === null)
      return { status: unpaid.status, body: await readBody(unpaid), payment: null };
    const offer = decodePaymentRequiredHeader(challenge).accepts[0];
    if (offer === undefined) return { status: 402, body: await readBody(unpaid), payment: null };
    if (!/^[0-9]{1,78}$/.test(offer.amount))
      return {
        status: 402,
        body: { error: "unreadable_price", note: "the challenge's amount is not atomic units" },
        payment: null,
      };
    const price = BigInt(offer.amount);
    if (this.payerKey === undefined)
      return {
        status: 402,
        body: { error: "payment_required", note: "CREDENCE_PAYER_PRIVATE_KEY is not set" },
        payment: null,
      };
    // No await between the check and the reservation (both inside reserve): see SpendBudget.
    const refusal = this.budget.reserve(price);
    if (refusal !== null) return { status: 402, body: { error: "spend_limit_reached", note: refusal }, payment: null };
    return this.payReserved(url, offer, price, this.payerKey);
  }

  /** Pays `offer` (already reserved) and settles the reservation: spent once sent, released otherwise. */
  private async payReserved(
    url: string,
    offer: PaymentRequirements,
    price: bigint,
    payerKey: `0x${string}`,
  ): Promise<PaidResponse> {
    let sent = false;
    let changed: MoneyTerm[] = [];
    const client = new x402Client().register(
      offer.network,
      new ExactEvmScheme(toClientEvmSigner(privateKeyToAccount(payerKey))),
    );
    // The asset need not be one of @x402/evm's defaults (USDC on Arc is not): allow exactly this one, capped.
    client.setSpendControls({
      allowedAssets: [{ network: offer.network, asset: offer.asset, maxAmountPerPayment: price.toString() }],
    });
    // wrapFetchWithPayment asks for the challenge again and signs what that one says; the spend
    // controls keep network, asset and a ceiling, not payTo or the exact amount. Sign only the
    // terms that were checked against the limit and will be reported.
    client.onBeforePaymentCreation(async ({ selectedRequirements }) => {
      changed = changedTerms(offer, selectedRequirements);
      return changed.length === 0 ? undefined : { abort: true, reason: `payment terms changed: ${changed.join(", ")}` };
    });
    const sending: typeof fetch = async (input, init) => {
      const headers = input instanceof Request ? input.headers : new Headers(init?.headers);
      if (!headers.has("payment-signature") && !headers.has("x-payment")) {
        const response = await fetch(input, init);
        const again = response.status === 402 ? response.headers.get("payment-required") : null;
        // Recorded for the report: a changed network or asset fails in the client before the hook above runs.
        if (again !== null) changed = changedTerms(offer, decodePaymentRequiredHeader(again).accepts[0]);
        return response;
      }
      // One reservation buys one payment (the client retries only through hooks, and none is registered).
      if (sent) throw new Error("refused to send a second payment for one reservation");
      // Counted before the bytes leave: a request that fails midway may still have been settled.
      sent = true;
      return fetch(input, init);
    };
    let paid: Response;
    try {
      paid = await wrapFetchWithPayment(sending, client)(url);
    } catch (error) {
      if (sent) {
        this.budget.spend(price);
        const note = `the paid request got no answer (${message(error)}); the payment may have moved`;
        return { status: null, body: { error: "no_answer", note }, payment: paymentOf(offer, null) };
      }
      this.budget.release(price);
      if (changed.length > 0) {
        const note = `the second challenge changed ${changed.join(", ")} from the one checked against the limit; nothing was signed`;
        return { status: 402, body: { error: "payment_terms_changed", changed, note }, payment: null };
      }
      throw error;
    }
    if (!sent) {
      // The retry was answered without a challenge (a free answer, an error): nothing was paid.
      this.budget.release(price);
      return { status: paid.status, body: await readBody(paid), payment: null };
    }
    this.budget.spend(price);
    return { status: paid.status, body: await readBody(paid), payment: paymentOf(offer, settledTransaction(paid)) };
  }
}

function paymentOf(offer: PaymentRequirements, transaction: string | null): Payment {
  return {
    amountAtomic: offer.amount,
    asset: offer.asset,
    network: offer.network,
    payTo: offer.payTo,
    transaction,
    outcome: transaction === null ? "unknown" : "settled",
  };
}

/** The settlement transaction of a 200 that carries a successful receipt; null for anything less. */
function settledTransaction(paid: Response): string | null {
  const header = paid.headers.get("payment-response");
  if (paid.status !== 200 || header === null) return null;
  try {
    const receipt = decodePaymentResponseHeader(header);
    return receipt.success && receipt.transaction ? receipt.transaction : null;
  } catch {
    return null;
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 2000);
  }
}
