import type { Container, Newable } from "inversify";
import type pg from "pg";
import { EthersPaymentOptions } from "../../adapters/payment/eip3009-contract";
import { EthersPaymentSettler, EthersSettlerOptions } from "../../adapters/payment/ethers-payment-settler.adapter";
import { EthersPaymentVerifier } from "../../adapters/payment/ethers-payment-verifier.adapter";
import { FacilitatorOptions } from "../../adapters/payment/facilitator-client";
import { FacilitatorPaymentSettler } from "../../adapters/payment/facilitator-payment-settler.adapter";
import { FacilitatorPaymentVerifier } from "../../adapters/payment/facilitator-payment-verifier.adapter";
import { InMemoryPaymentLedger } from "../../adapters/storage/in-memory-payment-ledger.adapter";
import {
  PostgresPaymentLedger,
  PostgresPaymentLedgerConfig,
} from "../../adapters/storage/postgres-payment-ledger.adapter";
import { PaymentLedger } from "../../application/ports/payment-ledger.port";
import { PaymentIdentifierStore } from "../../application/ports/payment-identifier-store.port";
import { X402Protocol } from "../../application/ports/x402-protocol.port";
import { IdempotentPaidQuery } from "../../application/use-cases/payment/idempotent-paid-query.use-case";
import { X402ReferenceProtocol } from "../../adapters/payment/x402-reference-protocol.adapter";
import { X402SignInWithX } from "../../adapters/payment/x402-sign-in-with-x.adapter";
import { InMemoryPurchaseStore } from "../../adapters/storage/in-memory-purchase-store.adapter";
import {
  PostgresPurchaseStore,
  PostgresPurchaseStoreConfig,
} from "../../adapters/storage/postgres-purchase-store.adapter";
import { SignInWithX } from "../../application/ports/sign-in-with-x.port";
import { PurchaseStore } from "../../application/ports/purchase-store.port";
import { PaidAnswerReaccess, ReaccessSettings } from "../../application/use-cases/payment/paid-answer-reaccess";
import { resourceDiscovery } from "../../adapters/http/openapi/bazaar-discovery";
import { InMemoryPaymentIdentifierStore } from "../../adapters/storage/in-memory-payment-identifier-store.adapter";
import {
  PostgresPaymentIdentifierStore,
  PostgresPaymentIdentifierStoreConfig,
} from "../../adapters/storage/postgres-payment-identifier-store.adapter";
import { PaymentSettler } from "../../application/ports/payment-settler.port";
import { PaymentVerifier } from "../../application/ports/payment-verifier.port";
import { PaymentTermsConfig } from "../../application/use-cases/payment/payment-terms.token";
import { DEFAULT_PAYMENT_TERMS, type PaymentTerms } from "../../domain/payment/payment-terms";
import type { Config } from "../config/config";
import type { FeatureModule } from "../feature-module";
import { PaidQuery } from "../../application/use-cases/payment/paid-query.use-case";
import { ReadPaymentTotals } from "../../application/use-cases/payment/read-payment-totals.use-case";

import type { RpcEndpointFailover } from "../../adapters/shared/rpc-endpoint-failover";

export interface PaymentRuntime {
  readonly rpcUrl: string;
  /** The RPC_URL list's failover, shared with the chain reader (absent in harnesses that pass one URL). */
  readonly rpcEndpoints?: RpcEndpointFailover;
  readonly chainId: number;
}

/** Oracle price, payee and asset from configuration (the embedded world's payee and settler lie under it). */
export function paymentTerms(config: Config, runtime: PaymentRuntime): PaymentTerms {
  const payTo = config.env.PAYMENT_PAY_TO;
  if (payTo === undefined) throw new Error("PAYMENT_PAY_TO is required: nobody would receive oracle payments");
  return {
    ...DEFAULT_PAYMENT_TERMS,
    chainId: runtime.chainId,
    network: config.env.PAYMENT_NETWORK,
    asset: config.env.PAYMENT_ASSET,
    price: BigInt(config.env.PAYMENT_PRICE_ATOMIC),
    payTo,
  };
}

function settlementKey(config: Config): string {
  const configured = config.env.PAYMENT_SETTLEMENT_PRIVATE_KEY;
  if (configured === undefined) throw new Error("PAYMENT_SETTLEMENT_PRIVATE_KEY is required in local payment mode");
  return configured;
}

/**
 * Local mode verifies and settles on chain with our own settlement key; facilitator mode
 * delegates both to a remote x402 facilitator. Spent payments live in PostgreSQL when
 * DATABASE_URL is set (always outside the embedded default, where config insists on it).
 */
export function bindPayments(
  container: Container,
  config: Config,
  runtime: PaymentRuntime,
  pool: pg.Pool | null,
  publicUrl: () => string,
): void {
  container.bind(PaymentTermsConfig).toConstantValue(paymentTerms(config, runtime));
  container
    .bind(EthersPaymentOptions)
    .toConstantValue({ rpcUrl: runtime.rpcEndpoints ?? runtime.rpcUrl, chainId: runtime.chainId });
  if (config.env.PAYMENT_MODE === "facilitator") {
    container.bind(FacilitatorOptions).toConstantValue({ url: config.env.PAYMENT_FACILITATOR_URL! });
    container.bind(PaymentVerifier).to(FacilitatorPaymentVerifier);
    container.bind(PaymentSettler).to(FacilitatorPaymentSettler);
  } else {
    container.bind(EthersSettlerOptions).toConstantValue({ settlementPrivateKey: settlementKey(config) });
    container.bind(PaymentVerifier).to(EthersPaymentVerifier);
    container.bind(PaymentSettler).to(EthersPaymentSettler);
  }
  // The bazaar declaration of each paid resource comes from the OpenAPI document, its single source.
  container.bind(X402Protocol).toConstantValue(new X402ReferenceProtocol(resourceDiscovery));
  container.bind(SignInWithX).toConstantValue(new X402SignInWithX(publicUrl, `eip155:${runtime.chainId}`));
  container.bind(ReaccessSettings).toConstantValue({ lifetimeMs: config.env.PAID_ANSWER_REACCESS_SECONDS * 1000 });
  container.bind(PaidAnswerReaccess).toSelf();
  if (pool === null) {
    container.bind(PaymentLedger).to(InMemoryPaymentLedger);
    container.bind(PaymentIdentifierStore).to(InMemoryPaymentIdentifierStore);
    container.bind(PurchaseStore).to(InMemoryPurchaseStore);
    return;
  }
  container
    .bind(PostgresPaymentLedgerConfig)
    .toConstantValue({ pool, reservationLeaseMs: config.env.PAYMENT_RESERVATION_LEASE_SECONDS * 1000 });
  container.bind(PaymentLedger).to(PostgresPaymentLedger);
  container.bind(PostgresPaymentIdentifierStoreConfig).toConstantValue({ pool });
  container.bind(PaymentIdentifierStore).to(PostgresPaymentIdentifierStore);
  container.bind(PostgresPurchaseStoreConfig).toConstantValue({ pool });
  container.bind(PurchaseStore).to(PostgresPurchaseStore);
}

/** The payment use cases, bound by the composition root and resolved by its smoke test. */
export const PAYMENT_USE_CASES: readonly Newable<object>[] = [PaidQuery, IdempotentPaidQuery, ReadPaymentTotals];

/** Payments: no routes of their own (the oracle's paid route is scoring's); PaidQuery settles inside it. */
export const paymentModule: FeatureModule = {
  name: "payment",
  useCases: PAYMENT_USE_CASES,
  bind: ({ container, runtime, database, publicUrl }) =>
    bindPayments(container, runtime.config, runtime.chain, database, publicUrl),
};
