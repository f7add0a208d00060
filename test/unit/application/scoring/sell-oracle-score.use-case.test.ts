import { NoSharedCache } from "../../../../src/adapters/cache/no-shared-cache.adapter";
import { expect } from "chai";
import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import { InMemorySnapshotStore } from "../../../../src/adapters/storage/in-memory-snapshot-store.adapter";
import { PaidQuery } from "../../../../src/application/use-cases/payment/paid-query.use-case";
import { OracleCheckoutFromPayment } from "../../../../src/application/bridges/oracle-checkout.bridge";
import { IdempotentPaidQuery } from "../../../../src/application/use-cases/payment/idempotent-paid-query.use-case";
import { InMemoryPaymentIdentifierStore } from "../../../../src/adapters/storage/in-memory-payment-identifier-store.adapter";
import { X402ReferenceProtocol } from "../../../../src/adapters/payment/x402-reference-protocol.adapter";
import { X402SignInWithX } from "../../../../src/adapters/payment/x402-sign-in-with-x.adapter";
import { InMemoryPurchaseStore } from "../../../../src/adapters/storage/in-memory-purchase-store.adapter";
import { PaidAnswerReaccess } from "../../../../src/application/use-cases/payment/paid-answer-reaccess";
import { ClassifyAddress } from "../../../../src/application/use-cases/scoring/classify-address.use-case";
import { ScoreAddress } from "../../../../src/application/use-cases/scoring/score-address.use-case";
import { ScoringStats } from "../../../../src/application/use-cases/scoring/scoring-stats";
import { SellOracleScore } from "../../../../src/application/use-cases/scoring/sell-oracle-score.use-case";
import type { SubjectScorer } from "../../../../src/application/use-cases/scoring/subject-scorer";
import type { Address } from "../../../../src/domain/chain/address";
import { verifiedIssuerResult } from "../../../../src/domain/scoring";
import { InMemoryPaymentLedger } from "../../../../src/adapters/storage/in-memory-payment-ledger.adapter";
import { TERMS } from "../../domain/payment/payment-fixtures";
import { FakeSettler, FakeVerifier, v1Header } from "../../../support/fakes/paid-query-fakes";
import { HEAD, USDC, addr, fakeChain, settings } from "../../../support/fakes/scoring-fakes";

const WALLET = addr(0x1);
const TOKEN = addr(0x2);

function rig() {
  const chain = fakeChain({ kinds: { [TOKEN]: "erc20", [USDC]: "erc20" } });
  const classified: Address[] = [];
  const kindOf = fakeChain({ kinds: { [TOKEN]: "erc20", [USDC]: "erc20" } });
  chain.classify = (address) => {
    classified.push(address);
    return kindOf.classify(address);
  };
  const subjects = {
    score: () => TE.right(verifiedIssuerResult(WALLET, "wallet", HEAD.timestamp)),
  } as unknown as SubjectScorer;
  const clock = { nowMs: () => 1_000_000 };
  const scoreAddress = new ScoreAddress(
    chain,
    subjects,
    new InMemorySnapshotStore(),
    clock,
    settings({ cacheTtlMs: 0 }),
    new ScoringStats(),
    new NoSharedCache(),
  );
  const paidQuery = new PaidQuery(new FakeVerifier(), new FakeSettler(), new InMemoryPaymentLedger(), TERMS);
  const idempotent = new IdempotentPaidQuery(
    paidQuery,
    new InMemoryPaymentIdentifierStore(),
    new X402ReferenceProtocol(),
    clock,
    TERMS,
    new PaidAnswerReaccess(
      new X402SignInWithX(() => "http://127.0.0.1", "eip155:5042002"),
      new InMemoryPurchaseStore(),
      clock,
      { lifetimeMs: 3_600_000 },
    ),
  );
  const sell = new SellOracleScore(
    new ClassifyAddress(chain, settings()),
    scoreAddress,
    new OracleCheckoutFromPayment(idempotent),
  );
  return { sell, classified };
}

const resource = "http://127.0.0.1/api/oracle/x";

describe("SellOracleScore", () => {
  it("classifies a paid request's address exactly once (one RPC classification per paid oracle request)", async () => {
    const { sell, classified } = rig();
    const sale = await sell.execute({ product: "wallet", address: WALLET, headers: v1Header(), resource })();
    expect(E.isRight(sale) && sale.right.pricing).to.equal("paid");
    expect(classified).to.deep.equal([WALLET]);
  });

  it("challenges without a payment, after one classification and no scoring", async () => {
    const { sell, classified } = rig();
    const sale = await sell.execute({ product: "wallet", address: WALLET, headers: {}, resource })();
    expect(E.isLeft(sale) && sale.left._tag).to.equal("PaymentRequired");
    expect(classified).to.have.length(1);
  });

  it("sends a contract on the wallet oracle, and a wallet on the token oracle, to the other product", async () => {
    const { sell } = rig();
    expect(await sell.execute({ product: "wallet", address: TOKEN, headers: v1Header(), resource })()).to.deep.equal(
      E.left({ _tag: "WrongProduct", code: "contract_not_wallet", redirect: `/api/oracle/token/${TOKEN}` }),
    );
    expect(await sell.execute({ product: "token", address: WALLET, headers: {}, resource })()).to.deep.equal(
      E.left({ _tag: "WrongProduct", code: "wallet_not_token", redirect: `/api/oracle/${WALLET}` }),
    );
  });

  it("gives an official issuer's score on the token oracle for free, classified once", async () => {
    const { sell, classified } = rig();
    const sale = await sell.execute({ product: "token", address: USDC, headers: {}, resource })();
    expect(E.isRight(sale) && sale.right.pricing).to.equal("free");
    expect(classified).to.deep.equal([USDC]);
  });
});
