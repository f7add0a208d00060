// npm run eval:real:deploy -- <id part> [--api http://127.0.0.1:3000] [--rpc http://127.0.0.1:8545]: one corpus
// contract compiled, deployed, given liquidity and traded for the same chain days as in eval:real, on the embedded
// chain of a running `npm start`; prints its address, to be asked by hand (curl, npm run pay) like any token.
import { parseArgs } from "node:util";
import type { DevWorldManifest } from "../../../src/dev-world/dev-world";
import { Chain } from "./chain";
import { compile, unloadCompilers } from "./compilers";
import { loadCorpus, originChainId, sourcesOf } from "./corpus";
import { deployAndLaunch } from "./launch";
import { TIMELINE_DAYS, playTimeline } from "./timeline";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    api: { type: "string", default: "http://127.0.0.1:3000" },
    rpc: { type: "string", default: "http://127.0.0.1:8545" },
  },
});
const wanted = positionals[0];
const matches = wanted === undefined ? [] : loadCorpus().filter((e) => e.id.includes(wanted));
const entry = matches[0];
if (entry === undefined || matches.length > 1) {
  console.error("usage: npm run eval:real:deploy -- <part of exactly one corpus id> [--api URL] [--rpc URL]");
  process.exit(2);
}
const manifest = (await (await fetch(`${values.api}/api/dev/scenario`)).json()) as DevWorldManifest;
const chainId = Number(BigInt(await new Chain(values.rpc, 0).rpc<string>("eth_chainId")));
const chain = new Chain(values.rpc, chainId);
const origin = originChainId(entry);
if (origin !== null && origin !== chainId)
  console.error(
    `note: ${entry.id} was deployed on chain ${origin}, this chain is ${chainId}; eval:real runs it under ${origin} ` +
      `(CHAIN_ID=${origin} npm start does too), and a constructor that reads block.chainid may differ here`,
  );
const { sources, main } = sourcesOf(entry);
const compiled = compile(entry.compiler.solc, sources, main, entry.contractName);
unloadCompilers();
if (!compiled.ok) {
  console.error(`${entry.id} does not compile: ${compiled.error.slice(0, 300)}`);
  process.exit(1);
}
const uniswap = manifest.canonicalDexes.find((d) => d.name === "Uniswap V2");
if (uniswap === undefined) throw new Error("the running world has no canonical Uniswap V2");
const dexes = {
  weth: manifest.contracts.weth,
  routers: new Map(manifest.canonicalDexes.map((d) => [d.router.toLowerCase(), d.router])),
  defaultRouter: uniswap.router,
};
const head = await chain.rpc<{ number: string; timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
const ctx = { someToken: dexes.weth, chainId, now: Number(head.timestamp), blockNumber: Number(head.number) };
const source = Object.values(sources)
  .map((s) => s.content)
  .join("\n");
const launched = await deployAndLaunch(chain, entry, compiled.contract, source, dexes, ctx, true);
if ("error" in launched) {
  console.error(`${entry.id} could not be launched: ${launched.error}`);
  process.exit(1);
}
await playTimeline(chain, [launched], dexes.weth);
console.log(`${entry.id} (${entry.contractName}, label ${entry.label}) at ${launched.address}`);
console.log(`launched: ${[launched.trading ? "trading" : "not trading", ...launched.notes].join("; ")}`);
console.log(
  `${TIMELINE_DAYS} chain days played. Ask: curl ${values.api}/api/batch -d '{"addresses":["${launched.address}"]}'`,
);
process.exit(0);
