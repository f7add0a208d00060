// `npm install` ends here (postinstall): contracts/ compiled once into the content-hashed cache (.cache/solc),
// so a fresh clone's first `npm start` or `npm test` does not spend its first seconds in solc.
// Usage: npx tsx scripts/compile-contracts.ts
import { compileContracts } from "../src/dev-world/compile";

const started = performance.now();
const compiled = await compileContracts();
const ms = Math.round(performance.now() - started);
console.error(`contracts: ${Object.keys(compiled).length} compiled or found in .cache/solc in ${ms} ms`);
