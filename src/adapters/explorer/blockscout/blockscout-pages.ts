import { ResultWindowError } from "./blockscout-errors";

export interface PageWalk {
  /** Rows asked for per request (`offset`). */
  readonly pageSize: number;
  /** Blockscout serves no row past page × offset = 10,000. */
  readonly resultWindow: number;
}

export interface Rows<A> {
  /** In the API's order, at most `limit`. */
  readonly rows: A[];
  /** The API had more than `limit` rows, or more than we may page through. */
  readonly truncated: boolean;
}

/**
 * Pages through a list in the API's order until it has `limit` rows and one more (the one more
 * proves the list goes on) or a short page shows the end.
 */
export async function readUpTo<A>(
  fetchPage: (page: number, offset: number) => Promise<A[]>,
  limit: number,
  walk: PageWalk,
): Promise<Rows<A>> {
  const offset = Math.min(walk.pageSize, limit + 1, walk.resultWindow);
  const rows: A[] = [];
  for (let page = 1; ; page++) {
    if (page * offset > walk.resultWindow) return { rows: rows.slice(0, limit), truncated: true };
    let batch: A[];
    try {
      batch = await fetchPage(page, offset);
    } catch (error) {
      if (error instanceof ResultWindowError) return { rows: rows.slice(0, limit), truncated: true };
      throw error;
    }
    rows.push(...batch);
    if (rows.length > limit) return { rows: rows.slice(0, limit), truncated: true };
    if (batch.length < offset) return { rows, truncated: false };
  }
}
