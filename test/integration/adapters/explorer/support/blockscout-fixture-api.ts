import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import nock from "nock";

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../fixtures/blockscout");

/** A fixture file as stored: exactly a body the real API sent (or would send). */
export function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES, name), "utf8")) as Record<string, unknown>;
}

/** What Blockscout says when a list is empty, per action (token holders answer an empty OK). */
const EMPTY: Record<string, { status: string; message: string }> = {
  txlist: { status: "0", message: "No transactions found" },
  tokentx: { status: "0", message: "No token transfers found" },
  tokennfttx: { status: "0", message: "No token transfers found" },
  token1155tx: { status: "0", message: "No token transfers found" },
  getTokenHolders: { status: "1", message: "OK" },
  getcontractcreation: { status: "1", message: "OK" },
};

function datasetName(query: URLSearchParams): string {
  const action = query.get("action") ?? "";
  const address = query.get("address");
  if (address !== null) return `${action}.${address.toLowerCase()}`;
  const contract = query.get("contractaddress") ?? query.get("contractaddresses") ?? "";
  return action === "getTokenHolders" || action === "getcontractcreation"
    ? `${action}.${contract.toLowerCase()}`
    : `${action}.contract-${contract.toLowerCase()}`;
}

/**
 * Serves a directory of full-list fixtures (newest first) as Blockscout would: sliced by
 * page/offset, reversed for sort=asc, and the per-action "nothing found" answer past the end.
 * Returns the paths of the requests it served, so tests can assert on paging.
 */
export function serveBlockscoutFixtures(apiUrl: string, directory: string): { scope: nock.Scope; requests: string[] } {
  const url = new URL(apiUrl);
  const requests: string[] = [];
  const scope = nock(url.origin)
    .persist()
    .get(url.pathname)
    .query(true)
    .reply((uri) => {
      requests.push(uri);
      const query = new URL(uri, url.origin).searchParams;
      const action = query.get("action") ?? "";
      const file = path.join(directory, `${datasetName(query)}.json`);
      const rows = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { result: unknown[] }).result : [];
      const ordered = query.get("sort") === "asc" ? [...rows].reverse() : rows;
      const page = Number(query.get("page") ?? "1");
      const offset = Number(query.get("offset") ?? String(ordered.length));
      const slice = query.has("page") ? ordered.slice((page - 1) * offset, page * offset) : ordered;
      const empty = EMPTY[action] ?? { status: "0", message: "Unknown action" };
      return [200, slice.length > 0 ? { message: "OK", result: slice, status: "1" } : { ...empty, result: [] }];
    });
  return { scope, requests };
}
