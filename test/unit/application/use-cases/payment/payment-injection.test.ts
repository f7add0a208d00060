import "reflect-metadata";
import { expect } from "chai";
import { Wallet } from "ethers";
import * as E from "fp-ts/Either";
import { Container } from "inversify";
import pg from "pg";
import { EthersPaymentOptions } from "../../../../../src/adapters/payment/eip3009-contract";
import {
  EthersPaymentSettler,
  EthersSettlerOptions,
} from "../../../../../src/adapters/payment/ethers-payment-settler.adapter";
import { EthersPaymentVerifier } from "../../../../../src/adapters/payment/ethers-payment-verifier.adapter";
import { FacilitatorOptions } from "../../../../../src/adapters/payment/facilitator-client";
import { FacilitatorPaymentSettler } from "../../../../../src/adapters/payment/facilitator-payment-settler.adapter";
import { FacilitatorPaymentVerifier } from "../../../../../src/adapters/payment/facilitator-payment-verifier.adapter";
import { InMemoryPaymentLedger } from "../../../../../src/adapters/storage/in-memory-payment-ledger.adapter";
import {
  PostgresPaymentLedger,
  PostgresPaymentLedgerConfig,
} from "../../../../../src/adapters/storage/postgres-payment-ledger.adapter";
import { PaymentLedger } from "../../../../../src/application/ports/payment-ledger.port";
import { PaymentSettler } from "../../../../../src/application/ports/payment-settler.port";
import { PaymentVerifier } from "../../../../../src/application/ports/payment-verifier.port";
import { PaidQuery } from "../../../../../src/application/use-cases/payment/paid-query.use-case";
import { PaymentTermsConfig } from "../../../../../src/application/use-cases/payment/payment-terms.token";
import { ReadPaymentTotals } from "../../../../../src/application/use-cases/payment/read-payment-totals.use-case";
import { TERMS } from "../../../domain/payment/payment-fixtures";

const rpc = { rpcUrl: "http://127.0.0.1:8545", chainId: 5042002 };

function container(mode: "local" | "facilitator", ledger: "memory" | "postgres"): Container {
  const c = new Container({ defaultScope: "Singleton" });
  c.bind(PaymentTermsConfig).toConstantValue(TERMS);
  c.bind(EthersPaymentOptions).toConstantValue(rpc);
  c.bind(EthersSettlerOptions).toConstantValue({ settlementPrivateKey: Wallet.createRandom().privateKey });
  c.bind(FacilitatorOptions).toConstantValue({ url: "http://facilitator.example.test" });
  c.bind(PostgresPaymentLedgerConfig).toConstantValue({
    pool: new pg.Pool({ connectionString: "postgres://root@127.0.0.1:5432/test" }),
  });
  if (mode === "local") {
    c.bind(PaymentVerifier).to(EthersPaymentVerifier);
    c.bind(PaymentSettler).to(EthersPaymentSettler);
  } else {
    c.bind(PaymentVerifier).to(FacilitatorPaymentVerifier);
    c.bind(PaymentSettler).to(FacilitatorPaymentSettler);
  }
  c.bind(PaymentLedger).to(ledger === "memory" ? InMemoryPaymentLedger : PostgresPaymentLedger);
  c.bind(PaidQuery).toSelf();
  c.bind(ReadPaymentTotals).toSelf();
  return c;
}

describe("payment use-cases under Inversify", () => {
  it("resolve in both modes with the tokens they declare (explicit @inject, no emitted metadata)", async () => {
    for (const mode of ["local", "facilitator"] as const) {
      for (const ledger of ["memory", "postgres"] as const) {
        const c = container(mode, ledger);
        expect(c.get(PaidQuery)).to.be.instanceOf(PaidQuery);
        expect(c.get(PaymentVerifier)).to.be.instanceOf(
          mode === "local" ? EthersPaymentVerifier : FacilitatorPaymentVerifier,
        );
        if (ledger === "memory")
          expect(await c.get(ReadPaymentTotals).execute()()).to.deep.equal(E.right({ paidQueries: 0, valueMoved: 0n }));
        await c.get<{ pool: pg.Pool }>(PostgresPaymentLedgerConfig).pool.end();
      }
    }
  });

  it("the challenge is available without a request", () => {
    const c = container("local", "memory");
    expect(c.get(PaidQuery).challenge("http://x/api/oracle/0x1").body.amount).to.equal("0.001");
  });
});
