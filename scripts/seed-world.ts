// Starts the embedded chain with the seeded world, prints timings and the manifest, and keeps
// serving JSON-RPC until interrupted. Usage: npx tsx scripts/seed-world.ts [port]
import { startDevWorld } from "../src/dev-world/dev-world";

const port = Number(process.argv[2] ?? 8545);
const world = await startDevWorld({ host: "127.0.0.1", port });
const t = world.timings;
console.error(
  `dev world ready at ${world.chain.rpcUrl} in ${t.totalMs} ms ` +
    `(compile ${t.compileMs} ms, chain ${t.chainStartMs} ms, seed ${t.seedMs} ms; ${t.transactions} txs in ${t.blocks} blocks)`,
);
console.log(JSON.stringify(world.manifest, null, 2));
const stop = () => void world.chain.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
