import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Container, Newable } from "inversify";
import { EthersStablecoinBlacklist } from "../../adapters/chain/ethers-stablecoin-blacklist.adapter";
import { paymentProvider } from "../../adapters/payment/eip3009-contract";
import { EthersScoreRegistry } from "../../adapters/registry/ethers-score-registry.adapter";
import { loadSanctionsFiles } from "../../adapters/sanctions/file-sanctions-list.adapter";
import { SanctionsList } from "../../application/ports/sanctions-list.port";
import { ScoreRegistry } from "../../application/ports/score-registry.port";
import { StablecoinBlacklist } from "../../application/ports/stablecoin-blacklist.port";
import { DescribeRegistry } from "../../application/use-cases/registry/describe-registry.use-case";
import { PublishScores, RegistrySettings } from "../../application/use-cases/registry/publish-scores.use-case";
import { AddressScreening, ScreeningSettings } from "../../application/use-cases/sanctions/address-screening";
import { AnswerScreeningFromSanctions } from "../../application/bridges/answer-screening.bridge";
import { AnswerScreening } from "../../application/use-cases/scoring/answer-screening.port";
import { PayerScreeningFromSanctions } from "../../application/bridges/payer-screening.bridge";
import { PayerScreening } from "../../application/use-cases/payment/payer-screening.port";
import { RegistryScoresFromScoring } from "../../application/bridges/registry-scores.bridge";
import { RegistryScores } from "../../application/use-cases/registry/registry-scores.port";
import { GuardScorePublisherFromRegistry } from "../../application/bridges/guard-score-publisher.bridge";
import { GuardScorePublisher } from "../../application/use-cases/protocol-guard/guard-score-publisher.port";
import { ScreenSanctions } from "../../application/use-cases/sanctions/screen-sanctions.use-case";
import type { Config } from "../config/config";

/** The dated OFAC snapshot shipped with the code (refreshed by `npm run sanctions:update`). */
export const SHIPPED_SANCTIONS_SNAPSHOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../data/sanctions/ofac-sdn-eth.json",
);

export const SANCTIONS_REGISTRY_USE_CASES: readonly Newable<object>[] = [
  ScreenSanctions,
  DescribeRegistry,
  PublishScores,
];

import type { RpcEndpointFailover } from "../../adapters/shared/rpc-endpoint-failover";
import { platformAuth } from "../../adapters/http/middleware/bearer-key-auth";
import { registryRoutes } from "../../adapters/http/routes/registry.routes";
import { sanctionsRoutes } from "../../adapters/http/routes/sanctions.routes";
import type { FeatureModule } from "../feature-module";

/**
 * Sanctions screening (the snapshot and SANCTIONS_EXTRA_FILE, read once here: a malformed list stops the
 * start) and USDC's blacklist on the payment asset; the ScoreRegistry when its address and oracle key are set.
 */
export function bindSanctionsAndRegistry(
  container: Container,
  config: Config,
  runtime: { readonly rpcUrl: string; readonly rpcEndpoints?: RpcEndpointFailover; readonly chainId: number },
): void {
  const env = config.env;
  const provider = () => paymentProvider({ rpcUrl: runtime.rpcEndpoints ?? runtime.rpcUrl, chainId: runtime.chainId });
  container
    .bind(SanctionsList)
    .toConstantValue(
      loadSanctionsFiles(env.SANCTIONS_LIST_FILE ?? SHIPPED_SANCTIONS_SNAPSHOT, env.SANCTIONS_EXTRA_FILE),
    );
  container.bind(StablecoinBlacklist).toConstantValue(new EthersStablecoinBlacklist(provider(), env.PAYMENT_ASSET));
  container.bind(ScreeningSettings).toConstantValue({ refuseSanctionedPayers: env.SANCTIONS_REFUSE_PAYERS === "true" });
  container.bind(AddressScreening).toSelf();
  container.bind(AnswerScreening).to(AnswerScreeningFromSanctions);
  container.bind(PayerScreening).to(PayerScreeningFromSanctions);
  container.bind(RegistryScores).to(RegistryScoresFromScoring);
  container.bind(RegistrySettings).toConstantValue({ refreshSeconds: env.REGISTRY_REFRESH_SECONDS });
  if (env.SCORE_REGISTRY_ADDRESS !== undefined && env.REGISTRY_ORACLE_PRIVATE_KEY !== undefined) {
    container.bind(ScoreRegistry).toConstantValue(
      new EthersScoreRegistry({
        provider: provider(),
        address: env.SCORE_REGISTRY_ADDRESS,
        chainId: runtime.chainId,
        oraclePrivateKey: env.REGISTRY_ORACLE_PRIVATE_KEY,
      }),
    );
    if (env.GUARD_PUBLISHES_SCORES === "true") container.bind(GuardScorePublisher).to(GuardScorePublisherFromRegistry);
  }
}

/** Sanctions screening and the on-chain score registry. */
export const sanctionsRegistryModule: FeatureModule = {
  name: "sanctions-registry",
  useCases: SANCTIONS_REGISTRY_USE_CASES,
  bind: ({ container, runtime }) => bindSanctionsAndRegistry(container, runtime.config, runtime.chain),
  routes: ({ container, config, limited }) => [
    sanctionsRoutes({
      screenSanctions: container.get(ScreenSanctions),
      rateLimit: limited("sanctions", config.env.SANCTIONS_RATE_LIMIT_PER_MINUTE),
    }),
    registryRoutes({
      describeRegistry: container.get(DescribeRegistry),
      publishScores: container.get(PublishScores),
      platformAuth: platformAuth(config.env.PLATFORM_API_KEYS),
      rateLimit: limited("registry-publish", config.env.REGISTRY_PUBLISH_RATE_LIMIT_PER_MINUTE),
    }),
  ],
};
