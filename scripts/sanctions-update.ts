// Refreshes the shipped sanctions snapshot (data/sanctions/ofac-sdn-eth.json) from a nightly list in the format of
// 0xB10C/ofac-sanctioned-digital-currency-addresses (`sanctioned_addresses_ETH.txt` or `.json`), given as a file or
// a URL. A URL is fetched through the SSRF-guarded outbound client (https, public destinations or OUTBOUND_ALLOWLIST).
// Usage: npm run sanctions:update -- FILE|URL [--date YYYY-MM-DD] [--out PATH]
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseAllowlist } from "../src/adapters/outbound/outbound-address-policy";
import { safeGet } from "../src/adapters/outbound/safe-http-client";
import { snapshotFromList } from "../src/domain/sanctions/sanctions-list";
import { SHIPPED_SANCTIONS_SNAPSHOT } from "../src/infrastructure/modules/sanctions-registry.module";

const LIST = "OFAC SDN digital currency addresses (ETH)";
/** The ETH lists are a few kB; a response far past that is not one. */
const MAX_BYTES = 4 * 1024 * 1024;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function fetchList(source: string): Promise<string> {
  if (!/^https?:\/\//i.test(source)) return readFile(source, "utf8");
  const allowlist = parseAllowlist(
    (process.env.OUTBOUND_ALLOWLIST ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== ""),
  );
  const response = await safeGet({ allowlist, timeoutMs: 30_000, maxResponseBytes: MAX_BYTES }, source);
  if (response.kind !== "response") throw new Error(`${response.kind}: ${response.reason}`);
  if (response.status !== 200) throw new Error(`answered HTTP ${response.status}`);
  return response.body;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const source = args.find((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1]!.startsWith("--")));
  if (source === undefined)
    throw new Error("usage: npm run sanctions:update -- FILE|URL [--date YYYY-MM-DD] [--out PATH]");
  const out = option(args, "--out") ?? SHIPPED_SANCTIONS_SNAPSHOT;
  const listDate = option(args, "--date") ?? new Date().toISOString().slice(0, 10);
  const named = /^https?:\/\//i.test(source) ? source : `file:${path.basename(source)}`;
  const snapshot = snapshotFromList(await fetchList(source), { list: LIST, source: named, listDate });
  if ("invalid" in snapshot) throw new Error(`${named}: ${snapshot.invalid}; the snapshot was not changed`);
  const partial = `${out}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(snapshot, null, 2)}\n`);
  await rename(partial, out);
  console.error(
    `sanctions snapshot: ${snapshot.addresses.length} addresses, list of ${listDate}, from ${named} -> ${out}`,
  );
}

main().catch((error: unknown) => {
  console.error(`sanctions:update failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
