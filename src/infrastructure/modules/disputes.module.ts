import type { Container, Newable } from "inversify";
import type pg from "pg";
import { ChainContractControllers } from "../../adapters/chain/chain-contract-controllers.adapter";
import { EthersMessageSignatures } from "../../adapters/crypto/ethers-message-signatures.adapter";
import { InMemoryDisputeStore } from "../../adapters/storage/in-memory-dispute-store.adapter";
import {
  PostgresDisputeStore,
  PostgresDisputeStoreConfig,
} from "../../adapters/storage/postgres-dispute-store.adapter";
import { DisputeAlertsFromGuard } from "../../application/bridges/dispute-alerts.bridge";
import { ContractControllers } from "../../application/ports/contract-controllers.port";
import { DisputeStore } from "../../application/ports/dispute-store.port";
import { MessageSignatures } from "../../application/ports/message-signatures.port";
import { DecideDispute } from "../../application/use-cases/review/decide-dispute.use-case";
import { DisputeAlerts } from "../../application/use-cases/review/dispute-alerts.port";
import { DisputeSettings } from "../../application/use-cases/review/dispute-settings";
import { FileDispute } from "../../application/use-cases/review/file-dispute.use-case";
import { GetDispute } from "../../application/use-cases/review/get-dispute.use-case";
import { ListDisputes } from "../../application/use-cases/review/list-disputes.use-case";
import { operatorAuth } from "../../adapters/http/middleware/bearer-key-auth";
import { disputeRoutes } from "../../adapters/http/routes/disputes.routes";
import type { FeatureModule } from "../feature-module";

/** The dispute use cases, bound by the composition root and resolved by its smoke test. */
export const DISPUTE_USE_CASES: readonly Newable<object>[] = [FileDispute, GetDispute, DecideDispute, ListDisputes];

/**
 * Disputes live in PostgreSQL when DATABASE_URL gives a pool, in process memory otherwise (one store either way:
 * answers on every instance read the same disputes). Owner proof reads the scored chain; alerts go through
 * Protocol Guard (bridge).
 */
export function bindDisputes(container: Container, pool: pg.Pool | null, chainId: number): void {
  if (pool === null) container.bind(DisputeStore).toConstantValue(new InMemoryDisputeStore());
  else {
    container.bind(PostgresDisputeStoreConfig).toConstantValue({ pool });
    container.bind(DisputeStore).to(PostgresDisputeStore).inSingletonScope();
  }
  container.bind(DisputeSettings).toConstantValue({ chainId });
  container.bind(ContractControllers).to(ChainContractControllers).inSingletonScope();
  container.bind(MessageSignatures).to(EthersMessageSignatures).inSingletonScope();
  container.bind(DisputeAlerts).to(DisputeAlertsFromGuard);
}

/** Disputes: filed by a contract's owner, decided by the operator. */
export const disputesModule: FeatureModule = {
  name: "disputes",
  useCases: DISPUTE_USE_CASES,
  bind: ({ container, runtime, database }) => bindDisputes(container, database, runtime.chain.chainId),
  routes: ({ container, config, limited }) => [
    disputeRoutes({
      fileDispute: container.get(FileDispute),
      getDispute: container.get(GetDispute),
      decideDispute: container.get(DecideDispute),
      listDisputes: container.get(ListDisputes),
      rateLimit: limited("dispute", config.env.DISPUTE_RATE_LIMIT_PER_MINUTE),
      readRateLimit: limited("dispute-read", config.env.DISPUTE_READ_RATE_LIMIT_PER_MINUTE),
      operatorAuth: operatorAuth(config.env.OPERATOR_API_KEYS),
    }),
  ],
};
