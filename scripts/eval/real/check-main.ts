// npm run eval:real:check-main -- --hex <dir>: for each corpus entry whose labelled address has runtime code in
// <dir>/<address>.hex (CRPWarner's dataset/groundtruth/hex/ layout), whether the contract the manifest names is the one
// at that address, by the selectors its dispatcher compares (see main-contract.ts). A label is the address's: an entry
// whose named contract is another one of the same source measures the eval against the wrong code.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { abiSelectors, readMainContract, SAME_CONTRACT_MIN } from "./main-contract";
import { contractAbis, unloadCompilers } from "./compilers";
import { loadCorpus, sourcesOf } from "./corpus";

const { values } = parseArgs({ options: { hex: { type: "string" } } });
if (values.hex === undefined || !existsSync(values.hex)) {
  console.error("usage: npm run eval:real:check-main -- --hex <folder of <address>.hex runtime code files>");
  process.exit(2);
}
const hexDir = values.hex;
const byAddress = new Map(readdirSync(hexDir).map((f) => [f.replace(/\.hex$/, "").toLowerCase(), f]));

let checked = 0;
const mismatched: string[] = [];
for (const entry of loadCorpus()) {
  const file = entry.origin.address === undefined ? undefined : byAddress.get(entry.origin.address.toLowerCase());
  if (file === undefined) continue;
  const runtime = readFileSync(path.join(hexDir, file), "utf8").trim();
  const compiled = contractAbis(entry.compiler.solc, sourcesOf(entry).sources);
  if (!compiled.ok) {
    console.log(`${entry.id} ${entry.contractName}: does not compile (${compiled.error.slice(0, 80)})`);
    continue;
  }
  checked += 1;
  const contracts = new Map([...compiled.abis].map(([name, abi]) => [name, abiSelectors(abi)]));
  const reading = readMainContract(entry.contractName, contracts, runtime);
  const same = reading.namedScore >= SAME_CONTRACT_MIN;
  if (!same) mismatched.push(entry.id);
  const verdict =
    reading.dispatched === 0
      ? " NOT AT THE ADDRESS: it dispatches no selector (a fallback-only proxy: an EIP-1167 clone, a Safe proxy)"
      : same
        ? ""
        : " NOT AT THE ADDRESS";
  const best = reading.best === null ? "" : `; best: ${reading.best.names.join(", ")} ${reading.best.score.toFixed(2)}`;
  console.log(`${entry.id} ${entry.contractName} ${reading.namedScore.toFixed(2)}${verdict}${best}`);
}
unloadCompilers();
console.log(`${checked} compiled entries checked; ${mismatched.length} name a contract other than the address's:`);
for (const id of mismatched) console.log(`  ${id}`);
