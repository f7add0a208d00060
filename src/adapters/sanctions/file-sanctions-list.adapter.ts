import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { SanctionsList, SanctionsListInfo } from "../../application/ports/sanctions-list.port";
import type { Address } from "../../domain/chain/address";
import {
  parseNightlyList,
  parseSnapshot,
  type SanctionsHit,
  type SanctionsListSnapshot,
} from "../../domain/sanctions/sanctions-list";

/** The lists in memory: the dated snapshot first (its hit wins), then the extra list, if any. */
export class InMemorySanctionsList implements SanctionsList {
  private readonly byAddress = new Map<Address, SanctionsHit>();
  private readonly infos: SanctionsListInfo[] = [];

  constructor(snapshots: readonly SanctionsListSnapshot[]) {
    for (const snapshot of snapshots) {
      const hit: SanctionsHit = { list: snapshot.list, source: snapshot.source, listDate: snapshot.listDate };
      for (const address of snapshot.addresses) if (!this.byAddress.has(address)) this.byAddress.set(address, hit);
      this.infos.push({ ...hit, entries: snapshot.addresses.length });
    }
  }

  lookup(address: Address): SanctionsHit | null {
    return this.byAddress.get(address) ?? null;
  }

  lists(): readonly SanctionsListInfo[] {
    return this.infos;
  }
}

/** Reads the dated snapshot (JSON, see data/sanctions/) and an optional extra list; throws naming the bad file. */
export function loadSanctionsFiles(snapshotFile: string, extraFile: string | undefined): InMemorySanctionsList {
  const snapshot = parseSnapshot(readFileSync(snapshotFile, "utf8"));
  if ("invalid" in snapshot) throw new Error(`SANCTIONS_LIST_FILE ${snapshotFile}: ${snapshot.invalid}`);
  if (extraFile === undefined) return new InMemorySanctionsList([snapshot]);
  return new InMemorySanctionsList([snapshot, readExtraList(extraFile)]);
}

/**
 * An extra list in the nightly lists' own format (text or JSON array), e.g. an operator's internal list or
 * the dev world's: dated by the file's modification day, sourced by its file name.
 */
function readExtraList(file: string): SanctionsListSnapshot {
  const parsed = parseNightlyList(readFileSync(file, "utf8"));
  if (!parsed.ok) throw new Error(`SANCTIONS_EXTRA_FILE ${file}: ${parsed.reason}`);
  return {
    list: "extra sanctions list (SANCTIONS_EXTRA_FILE)",
    source: `file:${path.basename(file)}`,
    listDate: statSync(file).mtime.toISOString().slice(0, 10),
    addresses: parsed.addresses,
  };
}
