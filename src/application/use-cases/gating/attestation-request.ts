import type { Address } from "../../../domain/chain/address";
import type { SubjectType } from "../../../domain/gating/attestation";
import type { UseClass } from "../../../domain/gating/use-class";

/** What a caller asks an attestation of, in either format (our EIP-712 document or EAS). */
export interface AttestationRequest {
  readonly subject: Address;
  readonly subjectType: SubjectType;
  readonly useClass: UseClass;
  readonly chainId: number;
  readonly ttlSeconds?: number;
}
