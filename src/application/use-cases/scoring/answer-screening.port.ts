import type { Address } from "../../../domain/chain/address";
import type { Screening } from "../../../domain/sanctions/screening";

/**
 * What scoring needs from sanctions screening: what the lists say of the scored address, put on every
 * answer (issue 33 item 4). Never rejects. Declared here, by its consumer; the bridge to the sanctions
 * module is in application/bridges/.
 */
export interface AnswerScreening {
  screen(address: Address): Promise<Screening>;
}

export const AnswerScreening = Symbol.for("AnswerScreening");
