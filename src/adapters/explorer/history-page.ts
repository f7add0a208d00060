import type { HistoryQuery } from "../../application/ports/explorer-history.port";
import type { Page, TokenHolding } from "../../domain/chain/chain-types";

/** The bound a read uses when the caller names none. */
export const DEFAULT_HISTORY_LIMIT = 10_000;

export function limitOf(query: HistoryQuery | undefined, fallback: number): number {
  const limit = query?.limit ?? fallback;
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`history limit must be a positive integer, got ${limit}`);
  return limit;
}

/**
 * A page from items already oldest first. `truncated` says the source had more than it gave;
 * the oldest kept block is then reported so scoring can say "history from block X".
 */
export function historyPage<T extends { readonly blockNumber: number }>(
  items: readonly T[],
  limit: number,
  truncated: boolean,
): Page<T> {
  if (!truncated) return { items, coverage: { complete: true, items: items.length } };
  const first = items[0];
  return {
    items,
    coverage: {
      complete: false,
      items: items.length,
      truncatedAt: limit,
      ...(first === undefined ? {} : { fromBlock: first.blockNumber }),
    },
  };
}

/** Keeps the newest `limit` of a complete oldest-first history, as the port promises. */
export function newestPage<T extends { readonly blockNumber: number }>(all: readonly T[], limit: number): Page<T> {
  return boundedPage(all, limit, false);
}

/**
 * Items oldest first, gathered from a source that may have had more (`truncated`); a source
 * row can expand to several items (ERC-1155 batches), so the bound is applied again here.
 */
export function boundedPage<T extends { readonly blockNumber: number }>(
  items: readonly T[],
  limit: number,
  truncated: boolean,
): Page<T> {
  return items.length > limit
    ? historyPage(items.slice(items.length - limit), limit, true)
    : historyPage(items, limit, truncated);
}

/** Largest first; ties broken by address so every adapter orders them the same way. */
export function byBalanceDescending(a: TokenHolding, b: TokenHolding): number {
  if (a.balance !== b.balance) return a.balance > b.balance ? -1 : 1;
  return a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0;
}

export function holdersPage(holders: readonly TokenHolding[], limit: number, truncated: boolean): Page<TokenHolding> {
  const sorted = [...holders].sort(byBalanceDescending);
  const kept = sorted.slice(0, limit);
  const cut = truncated || sorted.length > limit;
  return {
    items: kept,
    coverage: cut
      ? { complete: false, items: kept.length, truncatedAt: limit }
      : { complete: true, items: kept.length },
  };
}
