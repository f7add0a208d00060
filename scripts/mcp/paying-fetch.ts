import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import { toClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";

/** What one paid call cost, as the MCP tool reports it. */
export interface Payment {
  readonly amountAtomic: string;
  readonly asset: string;
  readonly network: string;
  readonly payTo: string;
  readonly transaction: string | null;
}

export interface PaidResponse {
  readonly status: number;
  readonly body: unknown;
  /** Null: nothing was paid (free answer, or an error before paying). */
  readonly payment: Payment | null;
}

/**
 * GET through the official x402 client (@x402/fetch, @x402/evm exact scheme, a viem account),
 * within a spend limit for the whole process: a price that would take the total past
 * CREDENCE_SPEND_LIMIT_ATOMIC is refused before anything is signed.
 */
export class PayingFetch {
  private spentAtomic = 0n;

  constructor(
    private readonly payerKey: `0x${string}` | undefined,
    private readonly spendLimitAtomic: bigint,
  ) {}

  spent(): bigint {
    return this.spentAtomic;
  }

  async get(url: string): Promise<PaidResponse> {
    const unpaid = await fetch(url);
    const challenge = unpaid.headers.get("payment-required");
    if (unpaid.status !== 402 || challenge === null)
      return { status: unpaid.status, body: await readBody(unpaid), payment: null };
    const offer = decodePaymentRequiredHeader(challenge).accepts[0];
    if (offer === undefined) return { status: 402, body: await readBody(unpaid), payment: null };
    const price = BigInt(offer.amount);
    if (this.payerKey === undefined)
      return {
        status: 402,
        body: { error: "payment_required", note: "CREDENCE_PAYER_PRIVATE_KEY is not set" },
        payment: null,
      };
    if (this.spentAtomic + price > this.spendLimitAtomic) {
      const note = `price ${price} would take spending to ${this.spentAtomic + price}, past CREDENCE_SPEND_LIMIT_ATOMIC ${this.spendLimitAtomic}`;
      return { status: 402, body: { error: "spend_limit_reached", note }, payment: null };
    }
    const client = new x402Client().register(
      offer.network,
      new ExactEvmScheme(toClientEvmSigner(privateKeyToAccount(this.payerKey))),
    );
    // The asset need not be one of @x402/evm's defaults (USDC on Arc is not): allow exactly this one, capped.
    client.setSpendControls({
      allowedAssets: [{ network: offer.network, asset: offer.asset, maxAmountPerPayment: price.toString() }],
    });
    const paid = await wrapFetchWithPayment(fetch, client)(url);
    const settled = paid.headers.get("payment-response");
    if (paid.status !== 200 || settled === null)
      return { status: paid.status, body: await readBody(paid), payment: null };
    this.spentAtomic += price;
    const receipt = decodePaymentResponseHeader(settled);
    return {
      status: paid.status,
      body: await readBody(paid),
      payment: {
        amountAtomic: price.toString(),
        asset: offer.asset,
        network: offer.network,
        payTo: offer.payTo,
        transaction: receipt.transaction ?? null,
      },
    };
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 2000);
  }
}
