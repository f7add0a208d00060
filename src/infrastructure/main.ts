import * as E from "fp-ts/Either";
import { loadConfig } from "./config/config";
import { createLogger } from "./logger";
import { startApplication } from "./application";

/** `npm start [-- --reseed]`: decode config (or refuse to start), start everything, stop cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (E.isLeft(config)) {
    for (const message of config.left) console.error(`credence: bad configuration: ${message}`);
    process.exit(1);
  }
  const logger = createLogger(config.right.env.LOG_LEVEL);
  const app = await startApplication(config.right, logger, { reseed: process.argv.includes("--reseed") });
  if (app.devWorld !== null) {
    console.log(`Embedded chain (id ${app.devWorld.manifest.chainId}) at ${app.rpcUrl}; seeded world roles:`);
    console.log(JSON.stringify(app.devWorld.manifest, null, 1));
  }
  const roles = app.devWorld === null ? "" : `, seeded roles: ${app.url}/api/dev/scenario`;
  console.log(`Credence is ready at ${app.url}  (API reference: ${app.url}/docs${roles})`);
  const suiRoles = app.suiScenario === null ? "" : `, seeded Sui roles: ${app.suiUrl}/api/dev/scenario`;
  console.log(
    `Sui companion app at ${app.suiUrl}  (API reference: ${app.suiUrl}/docs, badge demo: ${app.suiUrl}/widget-demo.html${suiRoles})`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("credence: failed to start:", error);
  process.exit(1);
});
