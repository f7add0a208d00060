/**
 * JSON for values with bigint and Map inside (ledger amounts, leaderboard batches), reversible:
 * a bigint is `{"$bigint": "<decimal>"}`, a Map `{"$map": [[key, value], ...]}`.
 */
export function toTaggedJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (typeof v === "bigint") return { $bigint: v.toString() };
    if (v instanceof Map) return { $map: [...v.entries()] };
    return v;
  });
}

export function fromTaggedJson(text: string): unknown {
  return revive(JSON.parse(text));
}

/** Undoes the tags of a value already parsed (PostgreSQL's jsonb arrives parsed). */
export function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && typeof record.$bigint === "string" && /^-?\d+$/.test(record.$bigint))
    return BigInt(record.$bigint);
  if (keys.length === 1 && Array.isArray(record.$map))
    return new Map((record.$map as unknown[]).map((entry) => revive(entry) as [unknown, unknown]));
  return Object.fromEntries(keys.map((key) => [key, revive(record[key])]));
}
