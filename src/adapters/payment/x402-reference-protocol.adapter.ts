import { encodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import {
  PAYMENT_IDENTIFIER,
  declarePaymentIdentifierExtension,
  extractPaymentIdentifier,
} from "@x402/extensions/payment-identifier";
import type { PaymentPayload } from "@x402/core/types";
import { BAZAAR, declareDiscoveryExtension } from "@x402/extensions/bazaar";
import type { PaymentIdLookup, X402Protocol } from "../../application/ports/x402-protocol.port";

/** How a paid resource is called and what it answers (the OpenAPI document supplies it). */
export interface DiscoveryFacts {
  readonly method: "GET";
  readonly pathParams: Readonly<Record<string, string>>;
  readonly pathParamsSchema: Readonly<Record<string, unknown>>;
  readonly output: { readonly example: unknown; readonly schema: Readonly<Record<string, unknown>> };
}

/** The x402 v2 pieces Credence takes from the reference packages rather than writing its own. */
export class X402ReferenceProtocol implements X402Protocol {
  constructor(
    /** The bazaar facts of a resource URL; null: the resource is not listed. */
    private readonly discovery: (resource: string) => DiscoveryFacts | null = () => null,
  ) {}

  challengeExtensions(resource: string): Readonly<Record<string, unknown>> {
    const extensions: Record<string, unknown> = {
      [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
    };
    const facts = this.discovery(resource);
    if (facts !== null) {
      const declared = declareDiscoveryExtension({
        pathParams: { ...facts.pathParams },
        pathParamsSchema: { ...facts.pathParamsSchema },
        output: { example: facts.output.example, schema: { ...facts.output.schema } },
      })[BAZAAR.key] as { info: { input: Record<string, unknown> } } | undefined;
      // The package leaves `method` to its resource-server hook (which we do not run): set it as that hook would.
      if (declared !== undefined) {
        extensions[BAZAAR.key] = {
          ...declared,
          info: { ...declared.info, input: { ...declared.info.input, method: facts.method } },
        };
      }
    }
    return extensions;
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
