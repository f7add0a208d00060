import type { Container, Newable } from "inversify";
import type pg from "pg";
import { EasSdkAttestationSigner } from "../../adapters/attestation/eas-sdk-attestation-signer.adapter";
import { EthersAttestationSigner } from "../../adapters/attestation/ethers-attestation-signer.adapter";
import { InMemoryRevocationStore } from "../../adapters/storage/in-memory-revocation-store.adapter";
import {
  PostgresRevocationStore,
  PostgresRevocationStoreConfig,
} from "../../adapters/storage/postgres-revocation-store.adapter";
import { AttestationSigner } from "../../application/ports/attestation-signer.port";
import { EasAttestationSigner } from "../../application/ports/eas-attestation-signer.port";
import { RevocationStore } from "../../application/ports/revocation-store.port";
import { GatingSettings } from "../../application/use-cases/gating/gating-settings";
import type { Config } from "../config/config";
import { IssueAttestation } from "../../application/use-cases/gating/issue-attestation.use-case";
import { IssueEasAttestation } from "../../application/use-cases/gating/issue-eas-attestation.use-case";
import { VerifyAttestation } from "../../application/use-cases/gating/verify-attestation.use-case";
import { CheckGate } from "../../application/use-cases/gating/check-gate.use-case";
import { GetGatingSchema } from "../../application/use-cases/gating/get-gating-schema.use-case";
import { RevokeAttestation } from "../../application/use-cases/gating/revoke-attestation.use-case";
import { ListRevocations } from "../../application/use-cases/gating/list-revocations.use-case";
import { operatorAuth } from "../../adapters/http/middleware/bearer-key-auth";
import { gatingRoutes } from "../../adapters/http/routes/gating.routes";
import type { FeatureModule } from "../feature-module";

/**
 * The attestation key was resolved with the configuration (production refuses to start without one);
 * it signs both formats. Revocations live in PostgreSQL when DATABASE_URL gives a pool.
 */
export function bindGating(container: Container, config: Config, chainId: number, pool: pg.Pool | null): void {
  const eas = { contract: config.env.EAS_CONTRACT_ADDRESS, version: config.env.EAS_CONTRACT_VERSION, chainId };
  container.bind(AttestationSigner).toConstantValue(new EthersAttestationSigner(config.attestationKey));
  container
    .bind(EasAttestationSigner)
    .toConstantValue(new EasSdkAttestationSigner(config.attestationKey.privateKey, eas));
  container.bind(GatingSettings).toConstantValue({ chainId, eas });
  if (pool === null) {
    container.bind(RevocationStore).to(InMemoryRevocationStore);
    return;
  }
  container.bind(PostgresRevocationStoreConfig).toConstantValue({ pool });
  container.bind(RevocationStore).to(PostgresRevocationStore);
}

/** The gating use cases, bound by the composition root and resolved by its smoke test. */
export const GATING_USE_CASES: readonly Newable<object>[] = [
  IssueAttestation,
  IssueEasAttestation,
  VerifyAttestation,
  CheckGate,
  GetGatingSchema,
  RevokeAttestation,
  ListRevocations,
];

/** Gating: attestations (EIP-712 and EAS), the gate check, revocations. */
export const gatingModule: FeatureModule = {
  name: "gating",
  useCases: GATING_USE_CASES,
  bind: ({ container, runtime, database }) => bindGating(container, runtime.config, runtime.chain.chainId, database),
  routes: ({ container, config, limited }) => [
    gatingRoutes({
      issueAttestation: container.get(IssueAttestation),
      issueEasAttestation: container.get(IssueEasAttestation),
      revokeAttestation: container.get(RevokeAttestation),
      listRevocations: container.get(ListRevocations),
      operatorAuth: operatorAuth(config.env.OPERATOR_API_KEYS),
      verifyAttestation: container.get(VerifyAttestation),
      checkGate: container.get(CheckGate),
      getGatingSchema: container.get(GetGatingSchema),
      rateLimit: limited("gating", config.env.GATING_RATE_LIMIT_PER_MINUTE),
    }),
  ],
};
