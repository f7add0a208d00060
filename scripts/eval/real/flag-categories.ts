/**
 * Credence flags -> CRPWarner's three categories (Lin et al., TSE 2024). One table, published in
 * docs/real-contracts.md; written from the definitions, not from the results:
 * - hidden mint: the supply (or a balance) can be raised beyond what was declared, by a privileged caller (any number
 *   of tokens: a mint measured as one-time or capped is not one);
 * - leaking token: a privileged caller can move or burn other holders' tokens, or set the fee rate that moves a part
 *   of every holder's transfer to the fee wallet (CRPWarner's own detector, `LeakingToken_Direct` and
 *   `LeakingToken_Fee` in gigahorse/clients/crpwarner.dl; the first table also counted a payout of the contract's own
 *   holdings, which neither rule counts: see docs/real-contracts.md). A fee counts where a sell paid it: like
 *   `LeakingToken_Fee`, which leaves out a function that is a hidden mint or limits sells, a fee setter whose call
 *   also minted or rewrote a balance, or after which sells reverted, is that and not a leak;
 * - limiting sell: a privileged caller can stop or limit holders' sells (blacklist, pause, max sell/cooldown,
 *   a fee up to 100%), code outside the token refused a holder's transfer, or a sell tax the service rates high
 *   (30% or more; a lower fixed tax is a cost of trading, not a limit).
 * A flag counts only when raised with a penalty (severity "info", e.g. a renounced owner's power, does not).
 */
export type Category = "hiddenMint" | "leakingToken" | "limitingSell";
export const CATEGORIES: readonly Category[] = ["hiddenMint", "leakingToken", "limitingSell"];

export interface ReturnedFlag {
  readonly code: string;
  readonly severity: string;
  readonly evidence?: { readonly detail?: string };
}

export interface MappingRow {
  readonly code: string;
  /** Categories this flag counts for; `when` narrows it by what the evidence says. */
  readonly category: Category;
  readonly when:
    | "always"
    | "not bounded"
    | "balance raised"
    | "balance lowered"
    | "transfer reverted"
    | "fee paid"
    | "high severity"
    | "refused wallet stops sells"
    | HiddenEffect;
  readonly why: string;
}

type HiddenEffect = "effect: mint" | "effect: balance raised" | "effect: balance lowered" | "effect: restricts sells";

export const FLAG_CATEGORY_TABLE: readonly MappingRow[] = [
  {
    code: "OWNER_CAN_MINT",
    category: "hiddenMint",
    when: "not bounded",
    why: "a privileged mint raises the supply by any amount (a mint measured as one-time or capped is not hidden)",
  },
  { code: "MINTED_AFTER_LAUNCH", category: "hiddenMint", when: "always", why: "supply was raised after launch" },
  {
    code: "OWNER_CAN_CHANGE_BALANCE",
    category: "hiddenMint",
    when: "balance raised",
    why: "a balance raised without a transfer is a mint",
  },
  {
    code: "HIDDEN_OWNER",
    category: "hiddenMint",
    when: "effect: mint",
    why: "a hidden caller's proven mint, unless measured bounded (one-time or capped), as OWNER_CAN_MINT's",
  },
  {
    code: "HIDDEN_OWNER",
    category: "hiddenMint",
    when: "effect: balance raised",
    why: "a hidden caller raised a balance",
  },
  {
    code: "OWNER_CAN_CHANGE_BALANCE",
    category: "leakingToken",
    when: "balance lowered",
    why: "a privileged call took or burned a holder's tokens",
  },
  {
    code: "HIDDEN_OWNER",
    category: "leakingToken",
    when: "effect: balance lowered",
    why: "a hidden caller took or burned a holder's tokens",
  },
  {
    code: "OWNER_CAN_SET_FEES",
    category: "leakingToken",
    when: "fee paid",
    why: "the fee rate the owner set moved a part of a holder's sell to the fee wallet, and the sell went through",
  },
  { code: "FEE_RAISED", category: "leakingToken", when: "always", why: "the fee taken from holders was raised" },
  {
    code: "OWNER_CAN_REDIRECT_FEES",
    category: "leakingToken",
    when: "always",
    why: "holders' fees went to the address a privileged call named (LeakingToken_Fee's owner write of a value the fee path uses)",
  },
  { code: "HIDDEN_OWNER", category: "leakingToken", when: "fee paid", why: "a hidden caller sets the fee rate" },
  {
    code: "NFT_PRIVILEGED_MINT",
    category: "hiddenMint",
    when: "always",
    why: "a collection's privileged mint (CRPWarner's ground truth has an ERC-721)",
  },
  { code: "NFT_OVERSUPPLY_MINT", category: "hiddenMint", when: "always", why: "a mint beyond the declared cap" },
  {
    code: "NFT_PRIVILEGED_BURN",
    category: "leakingToken",
    when: "always",
    why: "a privileged call burned a holder's item",
  },
  {
    code: "NFT_OPERATOR_BACKDOOR",
    category: "leakingToken",
    when: "always",
    why: "a privileged call moved a holder's item",
  },
  { code: "NFT_ANYONE_CAN_TAKE", category: "leakingToken", when: "always", why: "anyone can take holders' items" },
  { code: "HONEYPOT_PATTERN", category: "limitingSell", when: "always", why: "holders' sells fail" },
  { code: "CANNOT_SELL_ALL", category: "limitingSell", when: "always", why: "a sell of the whole balance reverts" },
  { code: "NO_SUCCESSFUL_SELLS", category: "limitingSell", when: "always", why: "nobody managed to sell" },
  { code: "OWNER_CAN_BLACKLIST", category: "limitingSell", when: "always", why: "a blacklisted holder cannot sell" },
  { code: "HOLDERS_BLACKLISTED", category: "limitingSell", when: "always", why: "holders were blacklisted" },
  { code: "OWNER_CAN_PAUSE", category: "limitingSell", when: "always", why: "a pause stops every sell" },
  { code: "WAS_PAUSED", category: "limitingSell", when: "always", why: "transfers were paused" },
  { code: "OWNER_CAN_SET_FEES", category: "limitingSell", when: "always", why: "a fee setter can take a sell to 100%" },
  { code: "FEE_RAISED", category: "limitingSell", when: "always", why: "the fee was raised after launch" },
  {
    code: "HIGH_SELL_TAX",
    category: "limitingSell",
    when: "high severity",
    why: "sells lose a large part of their value (the service's high line, 30%; thresholds.ts taxHighBps)",
  },
  { code: "TRADING_COOLDOWN", category: "limitingSell", when: "always", why: "a cooldown limits sells" },
  {
    code: "OWNER_CAN_REDIRECT_FEES",
    category: "limitingSell",
    when: "refused wallet stops sells",
    why: "the fee wallet the owner names can refuse its payment, and every holder's sell then reverts",
  },
  {
    code: "EXTERNAL_CALL_IN_TRANSFER",
    category: "limitingSell",
    when: "transfer reverted",
    why: "code outside the token decides whether a holder's transfer goes through, and it refused one",
  },
  { code: "ANTI_WHALE", category: "limitingSell", when: "always", why: "a max transaction limits a sell's size" },
  {
    code: "HIDDEN_OWNER",
    category: "limitingSell",
    when: "effect: restricts sells",
    why: "a hidden caller can blacklist, pause or set fees",
  },
];

/** "balance of 0x… 100 -> 250", or "the caller's own balance 100 -> 250", in a capability flag's evidence. */
function balanceDirection(detail: string): "raised" | "lowered" | null {
  const m = /(?:balance of 0x[0-9a-fA-F]{40}|the caller's own balance) (\d+) -> (\d+)/.exec(detail);
  if (m === null) return null;
  const before = BigInt(m[1] ?? "0");
  const after = BigInt(m[2] ?? "0");
  return after > before ? "raised" : after < before ? "lowered" : null;
}

function matches(row: MappingRow, flag: ReturnedFlag): boolean {
  const detail = flag.evidence?.detail ?? "";
  const direction = balanceDirection(detail);
  switch (row.when) {
    case "always":
      return true;
    case "high severity":
      return flag.severity === "high";
    case "refused wallet stops sells":
      return detail.includes("made every holder's sell revert");
    case "balance raised":
      return direction === "raised";
    case "balance lowered":
      return direction === "lowered";
    case "not bounded":
      return !detail.includes("; bounded:");
    case "transfer reverted":
      return detail.includes("and the transfer reverted");
    case "effect: mint":
      // As OWNER_CAN_MINT's row: a hidden caller's mint measured one-time or capped is not one of any amount.
      return detail.includes("totalSupply +") && !detail.includes("; bounded:");
    case "effect: balance raised":
      return !detail.includes("totalSupply +") && direction === "raised";
    case "effect: balance lowered":
      return direction === "lowered";
    case "fee paid":
      // A measured tax the sell paid, from a call that did nothing else to balances: a call that also minted or
      // rewrote a balance is that (CRPWarner's LeakingToken_Fee excludes a HiddenMintFunction), and one after which
      // sells revert stops them (limiting sell; LeakingToken_Fee excludes a LimitingSellOrder function too).
      return detail.includes("sell tax ->") && direction === null && !detail.includes("totalSupply +");
    case "effect: restricts sells":
      return /could no longer transfer|no holder could transfer|no holder could sell|sell tax ->|sells reverted/.test(
        detail,
      );
  }
}

/** Which categories a contract's flags put it in, and the flags that did. */
export function categoriesOf(flags: readonly ReturnedFlag[]): Record<Category, readonly string[]> {
  const out: Record<Category, string[]> = { hiddenMint: [], leakingToken: [], limitingSell: [] };
  for (const flag of flags) {
    if (flag.severity === "info") continue;
    for (const row of FLAG_CATEGORY_TABLE) {
      if (row.code === flag.code && matches(row, flag) && !out[row.category].includes(flag.code))
        out[row.category].push(flag.code);
    }
  }
  return out;
}
