import type { Middleware } from "koa";
import { feedbackRoutes } from "../adapters/http/routes/feedback.routes";
import { flagDecisionRoutes } from "../adapters/http/routes/flag-decisions.routes";
import { disputeRoutes } from "../adapters/http/routes/disputes.routes";
import { DecideDispute } from "../application/use-cases/review/decide-dispute.use-case";
import { FileDispute } from "../application/use-cases/review/file-dispute.use-case";
import { GetDispute } from "../application/use-cases/review/get-dispute.use-case";
import { ListDisputes } from "../application/use-cases/review/list-disputes.use-case";
import { ListFlagDecisions } from "../application/use-cases/review/list-flag-decisions.use-case";
import { RecordFlagDecision } from "../application/use-cases/review/record-flag-decision.use-case";
import { ListFeedback } from "../application/use-cases/feedback/list-feedback.use-case";
import { SubmitFeedback } from "../application/use-cases/feedback/submit-feedback.use-case";
import type Router from "@koa/router";
import type { Container } from "inversify";
import { RateLimiter } from "../application/ports/rate-limiter.port";
import { CheckGate } from "../application/use-cases/gating/check-gate.use-case";
import { GetGatingSchema } from "../application/use-cases/gating/get-gating-schema.use-case";
import { IssueAttestation } from "../application/use-cases/gating/issue-attestation.use-case";
import { VerifyAttestation } from "../application/use-cases/gating/verify-attestation.use-case";
import { IssueEasAttestation } from "../application/use-cases/gating/issue-eas-attestation.use-case";
import { RevokeAttestation } from "../application/use-cases/gating/revoke-attestation.use-case";
import { ListRevocations } from "../application/use-cases/gating/list-revocations.use-case";
import { CheckReadiness } from "../application/use-cases/health/check-readiness.use-case";
import { ReadPlatformStats } from "../application/use-cases/platform/read-platform-stats.use-case";
import { CheckWallet } from "../application/use-cases/protocol-guard/check-wallet.use-case";
import { ImportOzMonitors } from "../application/use-cases/protocol-guard/import-oz-monitors.use-case";
import { ListDeliveries } from "../application/use-cases/protocol-guard/list-deliveries.use-case";
import { ReadWebhookKeys } from "../application/use-cases/protocol-guard/read-webhook-keys.use-case";
import { ReplayAlert } from "../application/use-cases/protocol-guard/replay-alert.use-case";
import { ReadSubscription } from "../application/use-cases/protocol-guard/read-subscription.use-case";
import { Subscribe } from "../application/use-cases/protocol-guard/subscribe.use-case";
import { UpdateSubscription } from "../application/use-cases/protocol-guard/update-subscription.use-case";
import { GetSnapshot } from "../application/use-cases/scoring/get-snapshot.use-case";
import { ListSnapshots } from "../application/use-cases/scoring/list-snapshots.use-case";
import { ScoreAddress } from "../application/use-cases/scoring/score-address.use-case";
import { ScoreNftContract } from "../application/use-cases/scoring/score-nft-contract.use-case";
import { SellOracleScore } from "../application/use-cases/scoring/sell-oracle-score.use-case";
import { ScoreBatch } from "../application/use-cases/scoring/score-batch.use-case";
import { AnalyzeStaking } from "../application/use-cases/staking/analyze-staking.use-case";
import { GetStakingLeaderboard } from "../application/use-cases/staking/get-staking-leaderboard.use-case";
import { ethersSignatureParser } from "../adapters/chain/ethers-event-decoder.adapter";
import { operatorAuth, platformAuth } from "../adapters/http/middleware/bearer-key-auth";
import { rateLimit, type RateLimitOptions } from "../adapters/http/middleware/rate-limit";
import { batchRoutes } from "../adapters/http/routes/batch.routes";
import { devRoutes } from "../adapters/http/routes/dev.routes";
import { docsRoutes } from "../adapters/http/routes/docs.routes";
import { explorerRoutes } from "../adapters/http/routes/explorer.routes";
import { chainLinks } from "../adapters/http/explorer/links";
import { oracleBrowserPages } from "../adapters/http/explorer/oracle-pages";
import { loadDocsAssets, loadExplorerAssets } from "./explorer-assets";
import { gatingRoutes } from "../adapters/http/routes/gating.routes";
import { healthRoutes } from "../adapters/http/routes/health.routes";
import { oracleRoutes } from "../adapters/http/routes/oracle.routes";
import { platformRoutes } from "../adapters/http/routes/platform.routes";
import { graphTrustRoutes } from "../adapters/http/routes/graph-trust.routes";
import { GetSybilCluster } from "../application/use-cases/graph-trust/get-sybil-cluster.use-case";
import { QueryGraphTrust } from "../application/use-cases/graph-trust/query-graph-trust.use-case";
import { protocolGuardRoutes } from "../adapters/http/routes/protocol-guard.routes";
import { snapshotRoutes } from "../adapters/http/routes/snapshots.routes";
import { stakingRoutes } from "../adapters/http/routes/staking.routes";
import { tokenShieldRoutes } from "../adapters/http/routes/token-shield.routes";
import { widgetEarlyRoute, widgetRoutes } from "../adapters/http/routes/widget.routes";
import { riskCheckRoutes } from "../adapters/http/routes/risk-check.routes";
import { CheckRisk } from "../application/use-cases/risk-check/check-risk.use-case";
import { CheckPayee } from "../application/use-cases/risk-check/check-payee.use-case";
import { CheckRiskBatch } from "../application/use-cases/risk-check/check-risk-batch.use-case";
import { DescribeRiskCheck } from "../application/use-cases/risk-check/describe-risk-check.use-case";
import { RiskCheckSettings } from "../application/use-cases/risk-check/risk-check-settings";
import { scanRoutes } from "../adapters/http/routes/scan.routes";
import { ListWalletApprovals } from "../application/use-cases/scan/list-wallet-approvals.use-case";
import { ScanMessage } from "../application/use-cases/scan/scan-message.use-case";
import { ScanTransaction } from "../application/use-cases/scan/scan-transaction.use-case";
import { ScanTypedData } from "../application/use-cases/scan/scan-typed-data.use-case";
import { ScanSettings } from "../application/use-cases/scan/scan-settings";
import type { Config } from "./config/config";
import { registryRoutes } from "../adapters/http/routes/registry.routes";
import { sanctionsRoutes } from "../adapters/http/routes/sanctions.routes";
import { DescribeRegistry } from "../application/use-cases/registry/describe-registry.use-case";
import { PublishScores } from "../application/use-cases/registry/publish-scores.use-case";
import { ScreenSanctions } from "../application/use-cases/sanctions/screen-sanctions.use-case";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** What the main app serves: one router per product area, and the routes answered ahead of the edge's layers. */
export interface HttpRoutes {
  readonly routers: Router[];
  readonly earlyRoutes: Middleware[];
}

/** Builds one router per product area from the container's use-cases. */
export function composeRouters(
  container: Container,
  config: Config,
  /** The service's public base URL; known only once the server listens when PORT is 0. */
  publicUrl: () => string,
  /** Embedded mode: the seeded roles served at /api/dev/scenario; null otherwise. */
  scenario: unknown,
): HttpRoutes {
  const limiter = container.get<RateLimiter>(RateLimiter);
  const budget = (name: string, limit: number, windowMs = MINUTE_MS): RateLimitOptions => ({
    name,
    limiter,
    trustedProxies: config.trustedProxies,
    policy: { limit, windowMs },
  });
  const limited = (name: string, limit: number, windowMs = MINUTE_MS) => rateLimit(budget(name, limit, windowMs));
  const env = config.env;
  const scoreAddress = container.get(ScoreAddress);
  const widget = { rateLimit: budget("widget", env.WIDGET_RATE_LIMIT_PER_MINUTE), scoreAddress };
  const listSnapshots = container.get(ListSnapshots);
  const links = chainLinks(env.EXPLORER_WEB_URL);
  const routers = [
    healthRoutes({ checkReadiness: container.get(CheckReadiness) }),
    docsRoutes(publicUrl, loadDocsAssets()),
    explorerRoutes({
      rateLimit: budget("explorer", env.EXPLORER_RATE_LIMIT_PER_MINUTE),
      scoreAddress,
      listSnapshots,
      links,
      assets: loadExplorerAssets(),
    }),
    widgetRoutes(widget),
    batchRoutes({
      rateLimit: limited("batch", env.BATCH_RATE_LIMIT_PER_MINUTE),
      scoreBatch: container.get(ScoreBatch),
    }),
    oracleRoutes({
      sellOracleScore: container.get(SellOracleScore),
      publicBaseUrl: publicUrl,
      rateLimit: limited("oracle", env.ORACLE_RATE_LIMIT_PER_MINUTE),
      browser: oracleBrowserPages({ listSnapshots, links }),
    }),
    tokenShieldRoutes({
      scoreNftContract: container.get(ScoreNftContract),
      rateLimit: limited("nft", env.NFT_RATE_LIMIT_PER_MINUTE),
    }),
    gatingRoutes({
      issueAttestation: container.get(IssueAttestation),
      issueEasAttestation: container.get(IssueEasAttestation),
      revokeAttestation: container.get(RevokeAttestation),
      listRevocations: container.get(ListRevocations),
      operatorAuth: operatorAuth(env.OPERATOR_API_KEYS),
      verifyAttestation: container.get(VerifyAttestation),
      checkGate: container.get(CheckGate),
      getGatingSchema: container.get(GetGatingSchema),
      rateLimit: limited("gating", env.GATING_RATE_LIMIT_PER_MINUTE),
    }),
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
    stakingRoutes({
      analyzeStaking: container.get(AnalyzeStaking),
      getLeaderboard: container.get(GetStakingLeaderboard),
      rateLimit: limited("staking", env.STAKING_RATE_LIMIT_PER_MINUTE),
    }),
    riskCheckRoutes({
      checkRisk: container.get(CheckRisk),
      checkRiskBatch: container.get(CheckRiskBatch),
      checkPayee: container.get(CheckPayee),
      describeRiskCheck: container.get(DescribeRiskCheck),
      rateLimit: limited("risk-check", env.RISK_CHECK_RATE_LIMIT_PER_MINUTE),
      batchRateLimit: limited("risk-check-batch", env.BATCH_RATE_LIMIT_PER_MINUTE),
      chainId: container.get<RiskCheckSettings>(RiskCheckSettings).chainId,
      publicBaseUrl: publicUrl,
    }),
    scanRoutes({
      scanTransaction: container.get(ScanTransaction),
      scanTypedData: container.get(ScanTypedData),
      scanMessage: container.get(ScanMessage),
      listWalletApprovals: container.get(ListWalletApprovals),
      chainId: container.get<ScanSettings>(ScanSettings).chainId,
      rateLimit: limited("scan", env.SCAN_RATE_LIMIT_PER_MINUTE),
    }),
    snapshotRoutes({ listSnapshots, getSnapshot: container.get(GetSnapshot) }),
    platformRoutes({
      scoreAddress,
      readPlatformStats: container.get(ReadPlatformStats),
      platformAuth: platformAuth(env.PLATFORM_API_KEYS),
      arcScoreRateLimit: limited("arc-score", env.ARC_SCORE_RATE_LIMIT_PER_MINUTE),
    }),
    graphTrustRoutes({
      queryGraphTrust: container.get(QueryGraphTrust),
      getSybilCluster: container.get(GetSybilCluster),
      platformAuth: platformAuth(env.PLATFORM_API_KEYS),
      rateLimit: limited("graph-trust", env.GRAPH_TRUST_RATE_LIMIT_PER_MINUTE),
    }),
    feedbackRoutes({
      submitFeedback: container.get(SubmitFeedback),
      listFeedback: container.get(ListFeedback),
      rateLimit: limited("feedback", env.FEEDBACK_RATE_LIMIT_PER_MINUTE),
      operatorAuth: operatorAuth(env.OPERATOR_API_KEYS),
    }),
    flagDecisionRoutes({
      recordFlagDecision: container.get(RecordFlagDecision),
      listFlagDecisions: container.get(ListFlagDecisions),
      operatorAuth: operatorAuth(env.OPERATOR_API_KEYS),
    }),
    disputeRoutes({
      fileDispute: container.get(FileDispute),
      getDispute: container.get(GetDispute),
      decideDispute: container.get(DecideDispute),
      listDisputes: container.get(ListDisputes),
      rateLimit: limited("dispute", env.DISPUTE_RATE_LIMIT_PER_MINUTE),
      readRateLimit: limited("dispute-read", env.DISPUTE_READ_RATE_LIMIT_PER_MINUTE),
      operatorAuth: operatorAuth(env.OPERATOR_API_KEYS),
    }),
    sanctionsRoutes({
      screenSanctions: container.get(ScreenSanctions),
      rateLimit: limited("sanctions", env.SANCTIONS_RATE_LIMIT_PER_MINUTE),
    }),
    registryRoutes({
      describeRegistry: container.get(DescribeRegistry),
      publishScores: container.get(PublishScores),
      platformAuth: platformAuth(env.PLATFORM_API_KEYS),
      rateLimit: limited("registry-publish", env.REGISTRY_PUBLISH_RATE_LIMIT_PER_MINUTE),
    }),
    ...(scenario === null ? [] : [devRoutes(scenario)]),
  ];
  return { routers, earlyRoutes: [widgetEarlyRoute(widget)] };
}
