import * as E from "fp-ts/Either";
import { parseAddress, type Address } from "../chain/address";
import { arcNetworkOf } from "../chain/arc-network";
import { decodeBase64Json } from "../payment/base64-json";

/**
 * The payee checked before the first payment (issue 33 item 2): what a resource's 402 challenge asks
 * for, option by option, and what is wrong with it on its face. Scores and sightings come in as data.
 */
export interface PaymentOption {
  readonly x402Version: 1 | 2;
  readonly scheme: string;
  readonly network: string;
  readonly asset: Address | null;
  readonly payTo: Address | null;
  /** Atomic units (USDC: 6 decimals). */
  readonly amount: bigint | null;
  /** The token's name as the challenge states it (`extra.name`: the EIP-712 domain name). */
  readonly assetName: string | null;
  /** A chain id the challenge states next to the network (`chainId` at top level or in `extra`). */
  readonly statedChainId: number | null;
}

export const MAX_PAYMENT_OPTIONS = 5;
const MAX_RESOURCE = 2048;

/** `{resource}`: an absolute http(s) URL of at most 2048 characters, no credentials in it. */
export function decodePayeeRequest(body: unknown): E.Either<"invalid_resource", { readonly resource: string }> {
  const b = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (typeof b.resource !== "string" || b.resource.length > MAX_RESOURCE) return E.left("invalid_resource");
  try {
    const url = new URL(b.resource);
    if (url.protocol !== "https:" && url.protocol !== "http:") return E.left("invalid_resource");
    if (url.username !== "" || url.password !== "") return E.left("invalid_resource");
    return E.right({ resource: url.href });
  } catch {
    return E.left("invalid_resource");
  }
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function atomic(value: unknown): bigint | null {
  return typeof value === "string" && /^[0-9]{1,40}$/.test(value) ? BigInt(value) : null;
}

function chainIdOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === "string" && /^[0-9]{1,12}$/.test(value)) return Number(value);
  return null;
}

function optionOf(raw: unknown, version: 1 | 2, topChainId: number | null): PaymentOption | null {
  const o = record(raw);
  if (o === null || typeof o.network !== "string" || o.network.length > 64) return null;
  const extra = record(o.extra);
  const name = extra?.name;
  return {
    x402Version: version,
    scheme: typeof o.scheme === "string" ? o.scheme.slice(0, 32) : "",
    network: o.network,
    asset: parseAddress(o.asset) ?? null,
    payTo: parseAddress(o.payTo) ?? null,
    amount: atomic(version === 1 ? (o.maxAmountRequired ?? o.amount) : (o.amount ?? o.maxAmountRequired)),
    assetName: typeof name === "string" ? name.slice(0, 64) : null,
    statedChainId: chainIdOf(extra?.chainId) ?? topChainId,
  };
}

/**
 * The options of a 402 answer: x402 v2's `PAYMENT-REQUIRED` header (base64 JSON) first, else the v1
 * body's `accepts`. At most MAX_PAYMENT_OPTIONS are read; anything else is not a payment challenge.
 */
export function paymentOptionsOf(challenge: {
  readonly status: number;
  readonly body: string;
  readonly paymentRequiredHeader: string | null;
}): E.Either<"not_a_payment_challenge", readonly PaymentOption[]> {
  if (challenge.status !== 402) return E.left("not_a_payment_challenge");
  const parse = (text: string): Record<string, unknown> | null => {
    try {
      return record(JSON.parse(text));
    } catch {
      return null;
    }
  };
  const v2 =
    challenge.paymentRequiredHeader === null ? null : record(decodeBase64Json(challenge.paymentRequiredHeader));
  const document = v2 ?? parse(challenge.body);
  if (document === null || !Array.isArray(document.accepts)) return E.left("not_a_payment_challenge");
  const version = v2 !== null || document.x402Version === 2 ? 2 : 1;
  const options = document.accepts
    .slice(0, MAX_PAYMENT_OPTIONS)
    .map((raw) => optionOf(raw, version, chainIdOf(document.chainId)))
    .filter((option): option is PaymentOption => option !== null);
  return options.length === 0 ? E.left("not_a_payment_challenge") : E.right(options);
}

export type PayeeFlagCode =
  | "IMPOSTOR_USDC"
  | "NOT_USDC"
  | "NETWORK_CHAIN_MISMATCH"
  | "UNKNOWN_NETWORK"
  | "PAYEE_NOT_SCORED"
  | "INVALID_PAY_TO"
  | "PRICE_ABOVE_CEILING"
  | "PAYEE_MANY_DOMAINS";

export interface PayeeFlag {
  readonly code: PayeeFlagCode;
  readonly severity: "critical" | "warning" | "info";
  readonly detail: string;
}

/** Highest risk score a flag of each severity leaves (the payee's own score may be lower). */
const CAP = { critical: 0, warning: 59, info: 100 } as const;

export interface PayeeFacts {
  /** The chain this service reads (a payee elsewhere cannot be scored here). */
  readonly chainId: number;
  readonly priceCeiling: bigint;
  /** Unrelated domains seen asking payment for this payTo (this one included). */
  readonly domainsOfPayTo: number;
  readonly manyDomains: number;
}

export interface OptionAssessment {
  readonly network: string;
  readonly chainId: number | null;
  readonly asset: Address | null;
  readonly officialUsdc: Address | null;
  readonly isOfficialUsdc: boolean;
  readonly payTo: Address | null;
  readonly amount: string | null;
  readonly withinCeiling: boolean | null;
  readonly domainsSeen: number;
  readonly flags: readonly PayeeFlag[];
  /** Whether payTo lives on the chain this service scores. */
  readonly scorable: boolean;
}

/** Every check of one option that needs no score: asset, network and chain, price, payTo, sightings. */
export function assessOption(option: PaymentOption, facts: PayeeFacts): OptionAssessment {
  const flags: PayeeFlag[] = [];
  const arc = arcNetworkOf(option.network);
  const caip = /^eip155:([0-9]{1,12})$/.exec(option.network);
  const chainId = arc?.chainId ?? (caip === null ? null : Number(caip[1]));
  if (arc === null) {
    flags.push({
      code: "UNKNOWN_NETWORK",
      severity: "warning",
      detail: `network ${option.network}: no official USDC known here`,
    });
  }
  if (option.statedChainId !== null && chainId !== null && option.statedChainId !== chainId) {
    flags.push({
      code: "NETWORK_CHAIN_MISMATCH",
      severity: "critical",
      detail: `network ${option.network} is chain ${chainId}, the challenge states chain ${option.statedChainId}`,
    });
  }
  const isOfficialUsdc = arc !== null && option.asset === arc.usdc;
  if (arc !== null && !isOfficialUsdc) {
    const claimsUsdc = option.assetName !== null && /^usd\s*c/i.test(option.assetName.trim());
    flags.push(
      claimsUsdc || option.asset === null
        ? {
            code: "IMPOSTOR_USDC",
            severity: "critical",
            detail: `asset ${option.asset} is not Circle's USDC ${arc.usdc}`,
          }
        : { code: "NOT_USDC", severity: "info", detail: `asset ${option.asset} is not USDC (${arc.usdc})` },
    );
  }
  if (option.payTo === null)
    flags.push({ code: "INVALID_PAY_TO", severity: "critical", detail: "payTo is not an address" });
  const scorable = chainId === facts.chainId && option.payTo !== null;
  if (!scorable && option.payTo !== null) {
    flags.push({
      code: "PAYEE_NOT_SCORED",
      severity: "info",
      detail: `payTo is on chain ${chainId}, this service reads ${facts.chainId}`,
    });
  }
  const withinCeiling = option.amount === null ? null : option.amount <= facts.priceCeiling;
  if (withinCeiling === false) {
    flags.push({
      code: "PRICE_ABOVE_CEILING",
      severity: "warning",
      detail: `${option.amount} atomic units asked, ceiling ${facts.priceCeiling}`,
    });
  }
  if (facts.domainsOfPayTo >= facts.manyDomains) {
    flags.push({
      code: "PAYEE_MANY_DOMAINS",
      severity: "warning",
      detail: `the same payTo asked payment for ${facts.domainsOfPayTo} unrelated domains`,
    });
  }
  return {
    network: option.network,
    chainId,
    asset: option.asset,
    officialUsdc: arc?.usdc ?? null,
    isOfficialUsdc,
    payTo: option.payTo,
    amount: option.amount === null ? null : option.amount.toString(),
    withinCeiling,
    domainsSeen: facts.domainsOfPayTo,
    flags,
    scorable,
  };
}

/** The option's score: the payee's own (or 50, unknown, when it cannot be scored here) capped by its worst flag. */
export function payeeScoreOf(assessment: OptionAssessment, payToScore: number | null): number {
  const caps = assessment.flags.map((flag) => CAP[flag.severity]);
  return Math.min(payToScore ?? 50, ...caps);
}

/**
 * "Unrelated" domains: the registrable part of the host, approximated by its last two labels (three
 * when the second-to-last is short, as in example.co.uk), so api.x.com and www.x.com are one domain.
 */
export function siteOf(resource: string): string {
  const host = new URL(resource).hostname.toLowerCase().replace(/\.$/, "");
  if (/^[0-9.]+$/.test(host) || host.includes(":")) return host;
  const labels = host.split(".");
  const keep = labels.length >= 3 && (labels.at(-2)?.length ?? 0) <= 3 ? 3 : 2;
  return labels.slice(-keep).join(".");
}
