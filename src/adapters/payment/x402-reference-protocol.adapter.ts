import { encodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import {
  PAYMENT_IDENTIFIER,
  declarePaymentIdentifierExtension,
  extractPaymentIdentifier,
} from "@x402/extensions/payment-identifier";
import type { PaymentPayload } from "@x402/core/types";
import type { PaymentIdLookup, X402Protocol } from "../../application/ports/x402-protocol.port";

/** The x402 v2 pieces Credence takes from the reference packages rather than writing its own. */
export class X402ReferenceProtocol implements X402Protocol {
  constructor(
    /** Further declarations per resource (bazaar discovery), merged after payment-identifier. */
    private readonly extraDeclarations: (resource: string) => Readonly<Record<string, unknown>> = () => ({}),
  ) {}

  challengeExtensions(resource: string): Readonly<Record<string, unknown>> {
    return { [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false), ...this.extraDeclarations(resource) };
  }

  encodePaymentRequired(paymentRequired: Readonly<Record<string, unknown>>): string {
    return encodePaymentRequiredHeader(paymentRequired as unknown as PaymentRequired);
  }

  paymentIdentifierOf(payload: unknown): PaymentIdLookup {
    if (typeof payload !== "object" || payload === null) return { _tag: "absent" };
    const extensions = (payload as { extensions?: unknown }).extensions;
    if (typeof extensions !== "object" || extensions === null) return { _tag: "absent" };
    const declared = (extensions as Record<string, unknown>)[PAYMENT_IDENTIFIER];
    const info = typeof declared === "object" && declared !== null ? (declared as { info?: unknown }).info : undefined;
    const rawId = typeof info === "object" && info !== null ? (info as { id?: unknown }).id : undefined;
    if (rawId === undefined) return { _tag: "absent" };
    // The package validates the id (16-128 of [A-Za-z0-9_-]) and answers null for a bad one.
    const id = extractPaymentIdentifier(payload as PaymentPayload, true);
    return id === null ? { _tag: "invalid" } : { _tag: "present", id };
  }
}
