import * as E from "fp-ts/Either";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { SanctionsHit } from "../../../domain/sanctions/sanctions-list";
import type { Screening } from "../../../domain/sanctions/screening";
import { SanctionsList } from "../../ports/sanctions-list.port";
import { StablecoinBlacklist } from "../../ports/stablecoin-blacklist.port";

export interface ScreeningSettings {
  /** A payer on a sanctions list is refused before settlement (`403 sanctioned_payer`). */
  readonly refuseSanctionedPayers: boolean;
}

export const ScreeningSettings = Symbol.for("ScreeningSettings");

/**
 * Screens an address against the sanctions lists (in memory) and USDC's own blacklist (one eth_call).
 * Never fails: a node that does not answer leaves `usdcBlacklisted` null (unknown), and the list check,
 * the one that blocks, does not depend on it.
 */
@injectable()
export class AddressScreening {
  constructor(
    @inject(SanctionsList) private readonly lists: SanctionsList,
    @inject(StablecoinBlacklist) private readonly usdc: StablecoinBlacklist,
    @inject(ScreeningSettings) private readonly settings: ScreeningSettings,
  ) {}

  async screen(address: Address): Promise<Screening> {
    const blacklisted = await this.usdc.isBlacklisted(address)();
    return {
      address,
      sanctioned: this.lists.lookup(address),
      usdcBlacklisted: E.isRight(blacklisted) ? blacklisted.right : null,
      usdc: this.usdc.token,
    };
  }

  /** The list hit that refuses this payer, or null (not listed, or refusal switched off). */
  refusedPayer(payer: Address): SanctionsHit | null {
    return this.settings.refuseSanctionedPayers ? this.lists.lookup(payer) : null;
  }

  listsInUse(): ReturnType<SanctionsList["lists"]> {
    return this.lists.lists();
  }
}
