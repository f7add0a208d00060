import { inject, injectable } from "inversify";
import type { Address } from "../../domain/chain/address";
import type { SanctionsHit } from "../../domain/sanctions/sanctions-list";
import type { PayerScreening } from "../use-cases/payment/payer-screening.port";
import { AddressScreening } from "../use-cases/sanctions/address-screening";

/** Payment's view of sanctions screening: the lists' hit on a payer, when refusing listed payers is on. */
@injectable()
export class PayerScreeningFromSanctions implements PayerScreening {
  constructor(@inject(AddressScreening) private readonly screening: AddressScreening) {}

  refusedPayer(payer: Address): SanctionsHit | null {
    return this.screening.refusedPayer(payer);
  }
}
