import * as E from "fp-ts/Either";
import pino from "pino";
import {
  startApplication,
  type RunningApplication,
  type StartOptions,
} from "../../../../src/infrastructure/application";
import { loadConfig } from "../../../../src/infrastructure/config/config";

/**
 * The service as `npm start` runs it (embedded chain, seeded world), on free ports and silent, with Protocol Guard's
 * deliveries retried fast and allowed to the webhook receivers the tests start on 127.0.0.1. `env` adds or
 * overrides settings.
 */
export async function startGuardApp(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningApplication> {
  const config = loadConfig({
    PORT: "0",
    DEV_CHAIN_PORT: "0",
    ALT_PORT: "0",
    LOG_LEVEL: "silent",
    DELIVERY_RETRY_BASE_MS: "50",
    OUTBOUND_ALLOWLIST: "127.0.0.1",
    ...env,
  });
  if (E.isLeft(config)) throw new Error(config.left.join("; "));
  return startApplication(config.right, pino({ level: "silent" }), options);
}
