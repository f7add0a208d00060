import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import type { Address } from "../../../domain/chain/address";
import type { AddressKind } from "../../../domain/chain/chain-types";
import type { RequestHeaders } from "../../../domain/payment/payment-proof-codec";
import { tokenOracleProduct, walletOracleServes } from "../../../domain/scoring/products";
import { ClassifyAddress } from "./classify-address.use-case";
import { OracleCheckout, type CheckoutFailure } from "./oracle-checkout.port";
import { ScoreAddress } from "./score-address.use-case";
import type { ScoredAddress, ScoringFailed } from "./scored-address";

export type OracleProduct = "wallet" | "token";

export interface OracleRequest {
  readonly product: OracleProduct;
  readonly address: Address;
  readonly headers: RequestHeaders;
  /** Absolute URL of what is bought (x402 `resource`). */
  readonly resource: string;
}

/** Paid: settled, with the settlement headers to send. Free: an official issuer or a non-ERC-20 on the token oracle. */
export type OracleSale =
  | { readonly pricing: "paid"; readonly scored: ScoredAddress; readonly headers: Readonly<Record<string, string>> }
  | { readonly pricing: "free"; readonly scored: ScoredAddress };

/** The address belongs to the other oracle product: never charged, sent there instead. */
export interface WrongProduct {
  readonly _tag: "WrongProduct";
  readonly code: "contract_not_wallet" | "wallet_not_token";
  readonly redirect: string;
}

export type OracleFailure = CheckoutFailure | ScoringFailed | WrongProduct;

/**
 * GET /api/oracle/{address} and /api/oracle/token/{address}: classify once, apply the product
 * rules, and sell the score through OracleCheckout (or give it, when the rules say free). The known
 * kind is handed to ScoreAddress, so a paid request classifies the address exactly once.
 */
@injectable()
export class SellOracleScore {
  constructor(
    @inject(ClassifyAddress) private readonly classify: ClassifyAddress,
    @inject(ScoreAddress) private readonly scoreAddress: ScoreAddress,
    @inject(OracleCheckout) private readonly checkout: OracleCheckout,
  ) {}

  execute(request: OracleRequest): TaskEither<OracleFailure, OracleSale> {
    return async () => {
      const classified = await this.classify.execute(request.address)();
      if (E.isLeft(classified)) return classified;
      const { kind, officialIssuer } = classified.right;
      const pricing = this.pricingOf(request, kind, officialIssuer);
      if (typeof pricing !== "string") return E.left(pricing);
      if (pricing === "free") {
        const scored = await this.scoreAddress.execute(request.address, kind)();
        return E.isLeft(scored) ? scored : E.right({ pricing, scored: scored.right });
      }
      const paid = await this.checkout.sell({
        headers: request.headers,
        resource: request.resource,
        compute: () => this.scoreAddress.execute(request.address, kind),
      })();
      return E.isLeft(paid) ? paid : E.right({ pricing, scored: paid.right.answer, headers: paid.right.headers });
    };
  }

  private pricingOf(
    request: OracleRequest,
    kind: AddressKind,
    officialIssuer: boolean,
  ): "paid" | "free" | WrongProduct {
    if (request.product === "wallet") {
      // A contract is never charged on the wallet oracle, payment header or not.
      if (walletOracleServes(kind)) return "paid";
      return { _tag: "WrongProduct", code: "contract_not_wallet", redirect: `/api/oracle/token/${request.address}` };
    }
    const product = tokenOracleProduct(kind, officialIssuer);
    if (product === "not_a_token")
      return { _tag: "WrongProduct", code: "wallet_not_token", redirect: `/api/oracle/${request.address}` };
    return product;
  }
}
