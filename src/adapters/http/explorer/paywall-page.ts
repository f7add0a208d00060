import type { Context } from "koa";
import { decodeBase64Json } from "../../../domain/payment/base64-json";
import { html, jsonDataBlock, type Html } from "./html";
import { page } from "./layout";

/**
 * x402's browser convention (@x402/core's x402HTTPResourceServer.isWebBrowser): a request that accepts
 * text/html from a user agent saying Mozilla is a person in a browser, and gets a paywall page instead
 * of the JSON 402; every other client keeps the JSON.
 */
export function isWebBrowser(ctx: Context): boolean {
  const accept = ctx.get("Accept");
  return accept.includes("text/html") && ctx.get("User-Agent").includes("Mozilla");
}

/** What the 402 challenge says, as the paywall shows it. */
export interface PaywallChallenge {
  /** The decoded `PAYMENT-REQUIRED` header (x402 v2): resource and accepts. */
  readonly paymentRequired: unknown;
  /** Display amount and currency from the JSON challenge (`0.001`, `USDC`). */
  readonly amount: string;
  readonly currency: string;
  readonly network: string;
  readonly chainId: number;
  readonly payTo: string;
}

/** The challenge fields of a `payment_required` error: its body fields and its `PAYMENT-REQUIRED` header. */
export function paywallChallenge(
  fields: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string>>,
): PaywallChallenge {
  const text = (value: unknown): string => (typeof value === "string" ? value : "");
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === "payment-required")?.[1];
  return {
    paymentRequired: header === undefined ? null : (decodeBase64Json(header) ?? null),
    amount: text(fields.amount),
    currency: text(fields.currency),
    network: text(fields.network),
    chainId: Number(fields.chainId ?? 0),
    payTo: text(fields.recipient),
  };
}

/**
 * The paywall: what is for sale and a Pay button that signs an EIP-3009 authorization with the
 * browser's wallet (window.ethereum, eth_signTypedData_v4) and asks again with `PAYMENT-SIGNATURE`;
 * the paid answer then replaces the page's content. The configuration rides in a JSON data block
 * (read into `window.x402`, x402's paywall config name) since the CSP runs no inline script.
 */
export function paywallPage(challenge: PaywallChallenge, address: string, resourceUrl: string): Html {
  const config = {
    amount: challenge.amount,
    currency: challenge.currency,
    paymentRequired: challenge.paymentRequired,
    currentUrl: resourceUrl,
    chainId: challenge.chainId,
    testnet: true,
    appName: "Credence",
  };
  return page({
    title: "Payment required · Credence",
    query: address,
    head: jsonDataBlock("x402-config", config),
    main: html`<section class="paywall" data-state="payment_required" aria-labelledby="pw-title">
      <h1 id="pw-title">Full evidence for <span class="addr">${address}</span></h1>
      <p>
        One paid answer: the score with the evidence behind every flag (transactions, counterparties, measured figures),
        for <strong>${challenge.amount} ${challenge.currency}</strong> on ${challenge.network} (chain
        ${challenge.chainId}), paid to <code class="hash">${challenge.payTo}</code>.
      </p>
      <p>Your wallet signs a USDC transfer authorization (EIP-3009); it moves only when the answer is served.</p>
      <p>
        <button type="button" id="pay" class="button" disabled>
          Pay ${challenge.amount} ${challenge.currency} with your wallet
        </button>
      </p>
      <p id="pay-status" class="status" role="status" aria-live="polite">
        Paying needs JavaScript and a browser wallet.
      </p>
      <p class="muted">
        The free verdict stays on <a href="/address/${address}">the address page</a>. Programs receive this challenge as
        JSON (x402).
      </p>
    </section>`,
  });
}

/** A refused oracle request, as a page (the code is kept in `data-error-code` for the paywall script). */
export function oracleErrorPage(code: string, address: string, reason?: string): Html {
  return page({
    title: "Not served · Credence",
    query: address,
    main: html`<section class="state" data-state="error" data-error-code="${code}" role="alert">
      <h1>This answer was not served</h1>
      <p>
        The service answered
        <code>${code}</code
        >${reason === undefined ? "" : html` (<code data-error-reason="${reason}">${reason}</code>)`}. Nothing was
        charged unless the answer was served.
      </p>
      <p><a href="/address/${address}">Back to the address page</a></p>
    </section>`,
  });
}
