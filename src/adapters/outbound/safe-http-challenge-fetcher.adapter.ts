import type { Task } from "fp-ts/Task";
import type { ChallengeFetch, PaymentChallengeFetcher } from "../../application/use-cases/risk-check/payee-check.ports";
import { safeRequest, type SafeHttpOptions } from "./safe-http-client";

/**
 * GETs a resource the way an x402 client first does (no payment), through the outbound guard: https to
 * public addresses only (OUTBOUND_ALLOWLIST aside), the address that was checked is the one connected
 * to, no redirects, 5 s and 64 KiB at most.
 */
export class SafeHttpPaymentChallengeFetcher implements PaymentChallengeFetcher {
  constructor(private readonly options: SafeHttpOptions) {}

  fetch(resource: string): Task<ChallengeFetch> {
    return async () => {
      const answer = await safeRequest(
        { timeoutMs: 5_000, maxResponseBytes: 64 * 1024, bodyChars: 64 * 1024, ...this.options },
        "GET",
        resource,
        { accept: "application/json", "user-agent": "credence-payee-check/1" },
        null,
      );
      if (answer.kind !== "response") return answer;
      return {
        kind: "answer",
        status: answer.status,
        body: answer.body,
        paymentRequiredHeader: answer.headers?.["payment-required"]?.slice(0, 16 * 1024) ?? null,
      };
    };
  }
}
