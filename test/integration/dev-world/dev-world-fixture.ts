import { JsonRpcProvider } from "ethers";
import { startDevWorld, type DevWorld } from "../../../src/dev-world/dev-world";

let started: Promise<DevWorld> | undefined;
/** Wall clock (s) when the shared world was asked for: its head is mined at or after it. */
let startedAtSeconds = 0;

/**
 * One seeded world for every dev-chain test file (seeding costs seconds), served on a free port
 * and reached over HTTP like any outside client would.
 */
export function sharedDevWorld(): Promise<DevWorld> {
  if (started === undefined) startedAtSeconds = Math.floor(Date.now() / 1000);
  started ??= startDevWorld({ host: "127.0.0.1", port: 0 });
  return started;
}

export function sharedDevWorldStartedAt(): number {
  return startedAtSeconds;
}

export function httpProvider(world: DevWorld): JsonRpcProvider {
  return new JsonRpcProvider(world.chain.rpcUrl, undefined, { staticNetwork: false, batchMaxCount: 1 });
}

// Root-level hook: closes the shared chain once, after every file that used it has run.
after(async function () {
  this.timeout(120_000);
  if (started !== undefined) await (await started).chain.close();
});
