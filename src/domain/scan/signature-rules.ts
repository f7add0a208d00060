import type { Address } from "../chain/address";
import { hostOf, type MessageReading } from "./signed-message";
import { type CounterpartyAssessment, isRisky, isUnlimited, type ScanReason } from "./scan-types";
import type { DecodedTypedData } from "./typed-data-grants";

/** A signed allowance that outlives this many days is long-lived (wallet UIs default to 30 days for Permit2). */
export const LONG_LIVED_DAYS = 90;

export function typedDataReasons(
  decoded: DecodedTypedData,
  parties: ReadonlyMap<Address, CounterpartyAssessment>,
  nowSeconds: number,
): ScanReason[] {
  if (!decoded.recognized)
    return [
      {
        code: "UNKNOWN_TYPED_DATA",
        severity: "info",
        detail: "Not a permit, Permit2, Seaport or EIP-3009 message: the scan cannot tell what it authorizes.",
        evidence: {},
      },
    ];
  const reasons: ScanReason[] = [];
  for (const grant of decoded.grants) {
    const spender = parties.get(grant.spender);
    const evidence = {
      standard: grant.standard,
      token: grant.token,
      spender: grant.spender,
      amount: grant.amount === "all" ? "all" : grant.amount.toString(),
      ...(grant.deadline === null ? {} : { deadline: grant.deadline }),
      ...(spender?.tier === null || spender === undefined ? {} : { tier: spender.tier }),
      ...(spender === undefined ? {} : { flags: spender.flags }),
    };
    if (isRisky(spender))
      reasons.push({
        code: "SIGNATURE_GRANTS_TO_RISKY_SPENDER",
        severity: "malicious",
        detail: `This ${grant.standard} lets ${grant.spender} take your ${grant.token}; that address is ${spender?.drainerEvidence !== null ? "a drainer" : `rated ${spender?.tier ?? "risky"}`}.`,
        evidence,
      });
    else if (spender !== undefined && !spender.isContract && grant.kind === "allowance")
      reasons.push({
        code: "SIGNATURE_GRANTS_TO_EOA",
        severity: "warning",
        detail: `This ${grant.standard} gives an allowance to ${grant.spender}, a plain account: contracts, not people, spend allowances.`,
        evidence,
      });
    if (grant.kind === "allowance" && isUnlimited(grant.amount))
      reasons.push({
        code: "SIGNATURE_UNLIMITED_AMOUNT",
        severity: "warning",
        detail: `Unlimited amount of ${grant.token}.`,
        evidence,
      });
    if (
      grant.kind === "allowance" &&
      (grant.deadline === null || grant.deadline - nowSeconds > LONG_LIVED_DAYS * 86_400)
    )
      reasons.push({
        code: "SIGNATURE_LONG_LIVED",
        severity: "info",
        detail: grant.deadline === null ? "Never expires." : `Valid for more than ${LONG_LIVED_DAYS} days.`,
        evidence,
      });
  }
  const seaport = decoded.grants.filter((g) => g.standard === "Seaport order");
  if (seaport.length > 0 && decoded.received.length === 0)
    reasons.push({
      code: "ORDER_GIVES_AWAY_ASSETS",
      severity: "malicious",
      detail: "This Seaport order offers your items and pays you nothing back.",
      evidence: { items: seaport.map((g) => `${g.token}${g.tokenId === undefined ? "" : `#${g.tokenId}`}`) },
    });
  return reasons;
}

export function messageReasons(reading: MessageReading, signer: Address, origin: string | null): ScanReason[] {
  switch (reading.kind) {
    case "raw-hash":
      return [
        {
          code: "BLIND_SIGNATURE",
          severity: "malicious",
          detail: "A raw 32-byte hash: signing it can authorize anything (a transaction, an order, a permit).",
          evidence: { bytes: reading.bytes },
        },
      ];
    case "transaction":
      return [
        {
          code: "BLIND_SIGNATURE",
          severity: "malicious",
          detail: "An encoded transaction presented as a message: signing it signs the transaction.",
          evidence: { txType: String(reading.txType) },
        },
      ];
    case "binary":
      return [
        {
          code: "BLIND_SIGNATURE",
          severity: "warning",
          detail: "Binary data that is not readable text: you cannot see what you sign.",
          evidence: { bytes: reading.bytes },
        },
      ];
    case "text":
      return [];
    case "siwe": {
      const reasons: ScanReason[] = [];
      const { siwe } = reading;
      const uriHost = siwe.uri === null ? null : hostOf(siwe.uri);
      const originHost = origin === null ? null : hostOf(origin);
      const domain = siwe.domain.toLowerCase();
      if (uriHost !== null && uriHost !== domain)
        reasons.push({
          code: "SIWE_DOMAIN_MISMATCH",
          severity: "malicious",
          detail: `Sign-in for ${siwe.domain} whose URI points to ${uriHost}.`,
          evidence: { domain: siwe.domain, uri: siwe.uri ?? "" },
        });
      if (originHost !== null && originHost !== domain)
        reasons.push({
          code: "SIWE_DOMAIN_MISMATCH",
          severity: "malicious",
          detail: `The page at ${originHost} asks you to sign in to ${siwe.domain}.`,
          evidence: { domain: siwe.domain, origin: origin ?? "" },
        });
      if (siwe.address !== null && siwe.address !== signer)
        reasons.push({
          code: "SIWE_DOMAIN_MISMATCH",
          severity: "warning",
          detail: `The message names account ${siwe.address}, not the signing account ${signer}.`,
          evidence: { messageAddress: siwe.address, signer },
        });
      return reasons;
    }
  }
}
