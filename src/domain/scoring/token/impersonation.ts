import { type Address, ZERO_ADDRESS } from "../../chain/address";
import type { TokenMetadata, TokenTransfer } from "../../chain/chain-types";
import { type Flag, distinctSample, raiseFlag } from "../flag";
import { DAY_SECONDS, TOKEN } from "../thresholds";
import { WELL_KNOWN_TOKEN_IDENTITIES } from "./well-known-tokens";

/** A token whose identity is worth copying: an official issuer or a configured well-known token. */
export interface ReferenceToken {
  /** Null for an entry of the shipped list: no address is known, so every token spelling it is compared. */
  readonly address: Address | null;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly why: "official issuer" | "well-known token";
}

/** Shortest folded symbol the shipped list is matched on: one- and two-letter tickers collide by chance. */
const MIN_SHIPPED_SYMBOL = 3;

/** Characters that read alike (Latin digits and Cyrillic/Greek letters) folded to one spelling. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "l",
  "3": "e",
  "5": "s",
  $: "s",
  "\u0430": "a",
  "\u0435": "e",
  "\u043e": "o",
  "\u0440": "p",
  "\u0441": "c",
  "\u0443": "y",
  "\u0445": "x",
  "\u0456": "i",
  "\u03bf": "o",
  "\u03b1": "a",
  "\u0455": "s",
  "\u0501": "d",
  i: "l",
};

/** Lowercase, accents and separators dropped, look-alike characters folded: "USD С0in" and "usd coin" meet. */
export function foldName(text: string): string {
  return [...text.normalize("NFKD").toLowerCase()]
    .map((ch) => CONFUSABLES[ch] ?? ch)
    .filter((ch) => /[a-z0-9]/.test(ch))
    .join("");
}

/**
 * The configured references plus the shipped well-known identities that none of them already spells (by folded
 * name or symbol): a configured address always wins over a name-only entry.
 */
export function withShippedIdentities(configured: readonly ReferenceToken[]): ReferenceToken[] {
  const taken = new Set<string>();
  for (const ref of configured)
    for (const text of [ref.name, ref.symbol]) if (text !== null && foldName(text) !== "") taken.add(foldName(text));
  const shipped = WELL_KNOWN_TOKEN_IDENTITIES.filter(
    (known) => !taken.has(foldName(known.name)) && !taken.has(foldName(known.symbol)),
  ).map((known) => ({
    address: null,
    name: known.name,
    symbol: foldName(known.symbol).length >= MIN_SHIPPED_SYMBOL ? known.symbol : null,
    why: "well-known token" as const,
  }));
  return [...configured, ...shipped];
}

/** IMPERSONATES_OFFICIAL: the token's name or symbol folds to a reference token's, at another address. */
export function impersonationFlag(
  token: Address,
  metadata: TokenMetadata,
  references: readonly ReferenceToken[],
): Flag | null {
  for (const ref of references) {
    if (ref.address === token) continue;
    const symbol =
      metadata.symbol !== null && ref.symbol !== null && foldName(metadata.symbol) === foldName(ref.symbol);
    const name =
      metadata.name !== null &&
      ref.name !== null &&
      foldName(ref.name).length >= 3 &&
      foldName(metadata.name) === foldName(ref.name);
    if (!symbol && !name) continue;
    return raiseFlag("IMPERSONATES_OFFICIAL", {
      detail: `Its ${[name ? `name "${metadata.name}"` : null, symbol ? `symbol "${metadata.symbol}"` : null].filter((x) => x !== null).join(" and ")} imitate${name && symbol ? "" : "s"} the ${ref.why} ${ref.name ?? ref.symbol} (${ref.symbol ?? "?"}) ${ref.address === null ? "(shipped list; no address configured for it on this chain)" : `at ${ref.address}`}.`,
      counterparties: ref.address === null ? [] : [ref.address],
      figures: {
        imitated: ref.address ?? "shipped list",
        matched: name && symbol ? "name and symbol" : name ? "name" : "symbol",
      },
    });
  }
  return null;
}

/**
 * AIRDROP_SPAM: one sender (not a pool, not the zero address) sent the token to many distinct addresses that
 * never sent it on, nearly all within a day: unsolicited tokens that lure holders to a phishing "claim".
 */
export function airdropSpamFlag(transfers: readonly TokenTransfer[], pools: ReadonlySet<Address>): Flag | null {
  const senders = new Set<Address>();
  for (const t of transfers) senders.add(t.from);
  const bySender = new Map<Address, TokenTransfer[]>();
  for (const t of transfers) {
    if (t.from === ZERO_ADDRESS || pools.has(t.from) || pools.has(t.to) || t.to === t.from) continue;
    const list = bySender.get(t.from) ?? [];
    list.push(t);
    bySender.set(t.from, list);
  }
  for (const [sender, list] of bySender) {
    const recipients = new Map<Address, TokenTransfer>();
    for (const t of list) if (!recipients.has(t.to)) recipients.set(t.to, t);
    const passive = [...recipients.values()].filter((t) => !senders.has(t.to));
    if (passive.length < TOKEN.airdropMinRecipients || passive.length / recipients.size < TOKEN.airdropPassiveShare)
      continue;
    const times = passive.map((t) => t.timestamp).sort((a, b) => a - b);
    const inDay = times.filter((t) => t - times[0]! <= DAY_SECONDS).length;
    if (inDay < TOKEN.airdropMinRecipients) continue;
    return raiseFlag("AIRDROP_SPAM", {
      detail: `${sender} sent the token to ${passive.length} addresses that never moved it (${inDay} within 24 h of the first).`,
      counterparties: [sender],
      holders: distinctSample(passive.map((t) => t.to)),
      txHashes: distinctSample(passive.map((t) => t.txHash)),
      figures: { recipients: passive.length, withinDay: inDay },
    });
  }
  return null;
}
