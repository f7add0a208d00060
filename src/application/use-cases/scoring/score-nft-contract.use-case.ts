import { pipe } from "fp-ts/function";
import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind } from "../../../domain/chain/chain-types";
import { nftPathRedirect } from "../../../domain/scoring/products";
import { ClassifyAddress } from "./classify-address.use-case";
import { ScoreAddress } from "./score-address.use-case";
import type { ScoredAddress, ScoringFailed } from "./scored-address";

/** The address is not an NFT collection: where its answer is sold or served instead. */
export interface NotAnNftContract {
  readonly _tag: "NotAnNftContract";
  readonly kind: AddressKind;
  readonly redirect: string;
}

export type NftScoringFailure = ScoringFailed | NotAnNftContract;

/** GET /api/token-shield/nft/{address}: classify first, score only NFT collections (free). */
@injectable()
export class ScoreNftContract {
  constructor(
    @inject(ClassifyAddress) private readonly classify: ClassifyAddress,
    @inject(ScoreAddress) private readonly scoreAddress: ScoreAddress,
  ) {}

  execute(address: Address): TE.TaskEither<NftScoringFailure, ScoredAddress> {
    return pipe(
      this.classify.execute(address),
      TE.mapLeft((failure): NftScoringFailure => failure),
      TE.flatMap(({ kind }) => {
        const redirect = nftPathRedirect(kind, address);
        if (redirect !== null) return TE.left<NftScoringFailure>({ _tag: "NotAnNftContract", kind, redirect });
        return this.scoreAddress.execute(address);
      }),
    );
  }
}
