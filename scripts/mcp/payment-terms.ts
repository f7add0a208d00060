import type { PaymentRequirements } from "@x402/core/types";

/** What decides where money goes and how much: a payment must keep all of these from the challenge that was checked. */
const MONEY_TERMS = ["scheme", "network", "asset", "amount", "payTo"] as const;
export type MoneyTerm = (typeof MONEY_TERMS)[number];

/** The money terms in which `later` differs from `checked`. */
export function changedTerms(checked: PaymentRequirements, later: PaymentRequirements | undefined): MoneyTerm[] {
  if (later === undefined) return [...MONEY_TERMS];
  return MONEY_TERMS.filter((term) => !sameTerm(checked[term], later[term]));
}

// A hex address may come checksummed or not; anything else (a base58 key) is case-sensitive.
const HEX = /^0x[0-9a-fA-F]+$/;
function sameTerm(a: string, b: string): boolean {
  return HEX.test(a) && HEX.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b;
}
