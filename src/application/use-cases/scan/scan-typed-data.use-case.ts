import * as E from "fp-ts/Either";
import type * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { type Address, ZERO_ADDRESS } from "../../../domain/chain/address";
import { counterpartiesOf, type CounterpartyRole, type ScannedCounterparty } from "../../../domain/scan/scan-answer";
import type { TypedDataScanRequest } from "../../../domain/scan/scan-requests";
import { typedDataReasons } from "../../../domain/scan/signature-rules";
import { type ScanReason, type ScanVerdict, verdictOf } from "../../../domain/scan/scan-types";
import { decodeTypedData, type SignatureGrant } from "../../../domain/scan/typed-data-grants";
import { ChainReader } from "../../ports/chain-reader.port";
import { PriceSource } from "../../ports/price-source.port";
import { CounterpartyAssessor } from "./counterparty-assessor";
import type { ScanFailed } from "./scan-settings";
import { scanFailed } from "./scan-settings";

export interface ScannedGrant extends SignatureGrant {
  /** What the signer holds of the token now, priced: what the signature puts at risk (null: no price). */
  readonly valueAtRiskUsd: number | null;
  readonly spenderScore: number | null;
  readonly spenderTier: string | null;
}

export interface TypedDataScanAnswer {
  readonly verdict: ScanVerdict;
  readonly reasons: readonly ScanReason[];
  readonly primaryType: string;
  readonly grants: readonly ScannedGrant[];
  readonly counterparties: readonly ScannedCounterparty[];
  readonly exposureUsd: number;
}

const MAX_GRANTS = 16;

/** Reads an eth_signTypedData_v4 request: what the signer gives away, to whom, until when, and who that is. */
@injectable()
export class ScanTypedData {
  constructor(
    @inject(ChainReader) private readonly chain: ChainReader,
    @inject(PriceSource) private readonly prices: PriceSource,
    @inject(CounterpartyAssessor) private readonly assessor: CounterpartyAssessor,
  ) {}

  execute(request: TypedDataScanRequest): TE.TaskEither<ScanFailed, TypedDataScanAnswer> {
    return async () => {
      const head = await this.chain.headBlock()();
      if (E.isLeft(head)) return E.left(scanFailed(`head: ${head.left.detail}`));
      const decoded = decodeTypedData(request.typedData, request.signer);
      const grants = decoded.grants.slice(0, MAX_GRANTS);
      const roles = new Map<Address, CounterpartyRole>();
      for (const g of grants) if (g.spender !== ZERO_ADDRESS) roles.set(g.spender, "beneficiary");
      const parties = await this.assessor.assessAll(roles.keys());
      const owner = decoded.owner ?? request.signer;
      const scanned = await Promise.all(
        grants.map(async (grant): Promise<ScannedGrant> => ({
          ...grant,
          valueAtRiskUsd: await this.atRisk(grant, owner),
          spenderScore: parties.get(grant.spender)?.score ?? null,
          spenderTier: parties.get(grant.spender)?.tier ?? null,
        })),
      );
      const reasons = typedDataReasons({ ...decoded, grants }, parties, head.right.timestamp);
      return E.right({
        verdict: verdictOf(reasons),
        reasons,
        primaryType: request.typedData.primaryType,
        grants: scanned,
        counterparties: counterpartiesOf(roles, parties),
        exposureUsd: Math.round(scanned.reduce((sum, g) => sum + (g.valueAtRiskUsd ?? 0), 0) * 100) / 100,
      });
    };
  }

  /** The smaller of the granted amount and the owner's balance, in dollars; NFTs and unpriced tokens: null. */
  private async atRisk(grant: SignatureGrant, owner: Address): Promise<number | null> {
    if (grant.tokenId !== undefined) return null;
    const balance =
      grant.token === "native"
        ? await this.chain.nativeBalance(owner)()
        : await this.chain.tokenBalance(grant.token, owner)();
    if (E.isLeft(balance)) return null;
    const amount = grant.amount === "all" || grant.amount > balance.right ? balance.right : grant.amount;
    const usd = await this.prices.usdValue(grant.token, amount)();
    return E.isRight(usd) && usd.right !== null ? Math.round(usd.right * 100) / 100 : null;
  }
}
