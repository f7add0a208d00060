import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { Flag } from "../../../domain/scoring/flag";
import { screeningFlags, type Screening } from "../../../domain/sanctions/screening";
import type { SanctionsListInfo } from "../../ports/sanctions-list.port";
import { AddressScreening } from "./address-screening";

export interface SanctionsAnswer {
  readonly screening: Screening;
  readonly flags: readonly Flag[];
  readonly lists: readonly SanctionsListInfo[];
}

/** The free sanctions check: lists and USDC's blacklist for one address, with the flags an answer would carry. */
@injectable()
export class ScreenSanctions {
  constructor(@inject(AddressScreening) private readonly screening: AddressScreening) {}

  execute(address: Address): TE.TaskEither<never, SanctionsAnswer> {
    return async () => {
      const screening = await this.screening.screen(address);
      return TE.right({ screening, flags: screeningFlags(screening), lists: this.screening.listsInUse() })();
    };
  }
}
