import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { Screening } from "../../domain/sanctions/screening";
import type { AnswerScreening } from "../use-cases/scoring/answer-screening.port";
import { AddressScreening } from "../use-cases/sanctions/address-screening";

/** Scoring's view of sanctions screening: the lists and USDC's blacklist on the scored address. */
@injectable()
export class AnswerScreeningFromSanctions implements AnswerScreening {
  constructor(@inject(AddressScreening) private readonly screening: AddressScreening) {}

  screen(address: Address): Promise<Screening> {
    return this.screening.screen(address);
  }
}
