import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind } from "../../../domain/chain/chain-types";
import { ChainReader } from "../../ports/chain-reader.port";
import { ScoringSettings } from "../../ports/scoring-settings.port";
import { scoringFailed, type ScoringFailed } from "./scored-address";

export interface AddressClass {
  readonly kind: AddressKind;
  readonly officialIssuer: boolean;
}

/**
 * What lives at an address, without scoring it: the oracle must know a wallet from a contract
 * before it asks for money, and the token oracle which product (VERIFIED, free, paid) applies.
 */
@injectable()
export class ClassifyAddress {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(ScoringSettings) private readonly settings: ScoringSettings,
  ) {}

  execute(address: Address): TE.TaskEither<ScoringFailed, AddressClass> {
    return pipe(
      this.chain.classify(address),
      TE.mapLeft(scoringFailed("detection")),
      TE.map((kind) => ({ kind, officialIssuer: this.settings.officialIssuers.includes(address) })),
    );
  }
}
