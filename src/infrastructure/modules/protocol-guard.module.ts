import { randomBytes } from "node:crypto";
import type { Container, Newable } from "inversify";
import type pg from "pg";
import { EthersEventDecoder } from "../../adapters/chain/ethers-event-decoder.adapter";
import { aesGcmSecretBox } from "../../adapters/crypto/aes-gcm-secret-box";
import { DerivedWebhookKeys } from "../../adapters/crypto/derived-webhook-keys.adapter";
import { HttpChannelSender } from "../../adapters/outbound/http-channel-sender.adapter";
import { parseAllowlist } from "../../adapters/outbound/outbound-address-policy";
import { smtpEmailTransport } from "../../adapters/outbound/smtp-email-transport";
import { InMemoryDeliveryOutbox } from "../../adapters/storage/in-memory-delivery-outbox.adapter";
import { InMemorySubscriptionStore } from "../../adapters/storage/in-memory-subscription-store.adapter";
import { InMemoryWatchCursor } from "../../adapters/storage/in-memory-watch-cursor.adapter";
import { InMemoryBlockAttempts } from "../../adapters/storage/in-memory-block-attempts.adapter";
import { PostgresBlockAttempts } from "../../adapters/storage/postgres-block-attempts.adapter";
import { BlockAttempts } from "../../application/ports/block-attempts.port";
import { AlertBlockSkipped } from "../../application/use-cases/protocol-guard/alert-block-skipped.use-case";
import {
  PoisonBlockSettings,
  WatchBlockOrSkip,
} from "../../application/use-cases/protocol-guard/watch-block-or-skip.use-case";
import {
  PostgresDeliveryOutbox,
  PostgresDeliveryOutboxConfig,
} from "../../adapters/storage/postgres-delivery-outbox.adapter";
import {
  PostgresSubscriptionStore,
  PostgresSubscriptionStoreConfig,
} from "../../adapters/storage/postgres-subscription-store.adapter";
import { PostgresWatchCursor, PostgresWatchCursorConfig } from "../../adapters/storage/postgres-watch-cursor.adapter";
import { GuardScoresFromScoring } from "../../application/bridges/guard-scores.bridge";
import { ChannelSender } from "../../application/ports/channel-sender.port";
import { DeliveryOutbox } from "../../application/ports/delivery-outbox.port";
import { EventDecoder } from "../../application/ports/event-decoder.port";
import { SubscriptionStore } from "../../application/ports/subscription-store.port";
import { WatchCursor } from "../../application/ports/watch-cursor.port";
import { WebhookKeys } from "../../application/ports/webhook-keys.port";
import { CheckWallet } from "../../application/use-cases/protocol-guard/check-wallet.use-case";
import { DeliverDueAlerts } from "../../application/use-cases/protocol-guard/deliver-due-alerts.use-case";
import { DeliverySettings } from "../../application/use-cases/protocol-guard/delivery-settings";
import { GuardScores } from "../../application/use-cases/protocol-guard/guard-scores.port";
import { AlertScoreChanged } from "../../application/use-cases/protocol-guard/alert-score-changed.use-case";
import { ImportOzMonitors } from "../../application/use-cases/protocol-guard/import-oz-monitors.use-case";
import { ListDeliveries } from "../../application/use-cases/protocol-guard/list-deliveries.use-case";
import { DeliveryKick, QueueAlertDeliveries } from "../../application/use-cases/protocol-guard/queue-alert-deliveries";
import { RandomTokens } from "../../application/use-cases/protocol-guard/random-tokens";
import { ReadSubscription } from "../../application/use-cases/protocol-guard/read-subscription.use-case";
import { ReadWebhookKeys } from "../../application/use-cases/protocol-guard/read-webhook-keys.use-case";
import { ReplayAlert } from "../../application/use-cases/protocol-guard/replay-alert.use-case";
import { Subscribe } from "../../application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../../application/use-cases/protocol-guard/update-subscription.use-case";
import { WatchBlock } from "../../application/use-cases/protocol-guard/watch-block.use-case";
import { DeliveryWorker, DeliveryWorkerSettings } from "../../adapters/workers/delivery.worker";
import type { Config } from "../config/config";
import { ethersSignatureParser } from "../../adapters/chain/ethers-event-decoder.adapter";
import { protocolGuardRoutes } from "../../adapters/http/routes/protocol-guard.routes";
import { RiskCheckSettings } from "../../application/use-cases/risk-check/risk-check-settings";
import type { FeatureModule } from "../feature-module";
import { guardWatcher } from "../guard-watcher";

/** The protocol-guard use cases, bound by the composition root and resolved by its smoke test. */
export const PROTOCOL_GUARD_USE_CASES: readonly Newable<object>[] = [
  CheckWallet,
  Subscribe,
  ImportOzMonitors,
  ReadSubscription,
  UpdateSubscription,
  QueueAlertDeliveries,
  AlertScoreChanged,
  WatchBlock,
  AlertBlockSkipped,
  WatchBlockOrSkip,
  DeliverDueAlerts,
  ListDeliveries,
  ReplayAlert,
  ReadWebhookKeys,
];

/** The operating system's CSPRNG: manage tokens are bearer secrets. */
export const cryptoRandomTokens: RandomTokens = {
  randomToken: (bytes) => randomBytes(bytes).toString("base64url"),
};

/** The outbox is looked at this often (and at once when an alert is queued): retries are due at most this late. */
function deliveryTickMs(config: Config): number {
  return Math.min(1_000, Math.max(20, Math.floor(config.env.DELIVERY_RETRY_BASE_MS / 2)));
}

/**
 * Subscriptions, events, alerts, the outbox and the watch cursor live in PostgreSQL when
 * DATABASE_URL gives a pool, in process memory otherwise.
 */
export function bindProtocolGuard(container: Container, pool: pg.Pool | null, config: Config, chainId: number): void {
  const keys = new DerivedWebhookKeys(config.guardKeys.secretKey, config.guardKeys.signingKey);
  const env = config.env;
  container.bind(GuardScores).to(GuardScoresFromScoring);
  container.bind(RandomTokens).toConstantValue(cryptoRandomTokens);
  container.bind(WebhookKeys).toConstantValue(keys);
  container.bind(EventDecoder).to(EthersEventDecoder);
  // The delivery worker is the kick: queueing an alert asks it for a pass now.
  container.bind(DeliveryWorkerSettings).toConstantValue({ tickMs: deliveryTickMs(config) });
  container.bind(DeliveryWorker).toSelf();
  container.bind(DeliveryKick).toService(DeliveryWorker);
  container.bind(PoisonBlockSettings).toConstantValue({ maxAttempts: env.GUARD_BLOCK_MAX_ATTEMPTS });
  container.bind(DeliverySettings).toConstantValue({ retryBaseMs: env.DELIVERY_RETRY_BASE_MS, random: Math.random });
  container.bind(ChannelSender).toConstantValue(
    new HttpChannelSender({
      http: { allowlist: parseAllowlist(env.OUTBOUND_ALLOWLIST) },
      keys,
      email: env.SMTP_URL === undefined ? null : smtpEmailTransport(env.SMTP_URL, env.SMTP_FROM),
    }),
  );
  if (pool === null) {
    container.bind(SubscriptionStore).to(InMemorySubscriptionStore);
    container.bind(DeliveryOutbox).to(InMemoryDeliveryOutbox);
    container.bind(WatchCursor).to(InMemoryWatchCursor);
    container.bind(BlockAttempts).to(InMemoryBlockAttempts);
    return;
  }
  container
    .bind(PostgresSubscriptionStoreConfig)
    .toConstantValue({ pool, box: aesGcmSecretBox(config.guardKeys.secretKey) });
  container.bind(SubscriptionStore).to(PostgresSubscriptionStore);
  container.bind(PostgresDeliveryOutboxConfig).toConstantValue({ pool });
  container.bind(DeliveryOutbox).to(PostgresDeliveryOutbox);
  container.bind(PostgresWatchCursorConfig).toConstantValue({ pool, key: `chain-${chainId}` });
  container.bind(WatchCursor).to(PostgresWatchCursor);
  container.bind(BlockAttempts).to(PostgresBlockAttempts);
}

const DAY_MS = 24 * 60 * 60_000;

/** Protocol Guard: checks, subscriptions and deliveries; its workers deliver alerts, then watch blocks. */
export const protocolGuardModule: FeatureModule = {
  name: "protocol-guard",
  useCases: PROTOCOL_GUARD_USE_CASES,
  bind: ({ container, runtime, database }) =>
    bindProtocolGuard(container, database, runtime.config, runtime.chain.chainId),
  routes: ({ container, config, limited }) => {
    const env = config.env;
    return [
      protocolGuardRoutes({
        checkWallet: container.get(CheckWallet),
        checkRateLimit: limited("guard", env.GUARD_RATE_LIMIT_PER_MINUTE),
        subscribeLimits: [
          limited("subscribe", env.SUBSCRIBE_RATE_LIMIT_PER_MINUTE),
          limited("subscribe-day", env.SUBSCRIBE_LIMIT_PER_DAY, DAY_MS),
        ],
        subscribe: container.get(Subscribe),
        importOzMonitors: container.get(ImportOzMonitors),
        chainId: container.get<RiskCheckSettings>(RiskCheckSettings).chainId,
        readSubscription: container.get(ReadSubscription),
        updateSubscription: container.get(UpdateSubscription),
        listDeliveries: container.get(ListDeliveries),
        replayAlert: container.get(ReplayAlert),
        readWebhookKeys: container.get(ReadWebhookKeys),
        parseSignature: ethersSignatureParser,
      }),
    ];
  },
  // The watcher's idle() is the application's guardIdle().
  workers: ({ container, chain, config, logger }) => [
    container.get(DeliveryWorker),
    guardWatcher(container, chain.blockStream, config, logger),
  ],
};
