import type { Address } from "../../../domain/chain/address";
import type { SanctionsHit } from "../../../domain/sanctions/sanctions-list";

/**
 * What a paid query needs from sanctions screening: the list hit that refuses this verified payer, or
 * null (not listed, or refusal switched off). Declared here, by its consumer; the bridge to the sanctions
 * module is in application/bridges/.
 */
export interface PayerScreening {
  refusedPayer(payer: Address): SanctionsHit | null;
}

export const PayerScreening = Symbol.for("PayerScreening");
