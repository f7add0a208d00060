/**
 * The EIP-712 domain every attestation is signed under: `{name, version, chainId}` with `chainId`
 * the service's own chain (the attestation's `chainId`), and no `verifyingContract` (no contract is
 * involved in issuing). Binding the domain to the chain means a contract computing its domain
 * separator from `block.chainid` rejects attestations meant for another chain, and wallets show the
 * chain when displaying the typed data.
 */
export const ATTESTATION_DOMAIN_NAME = "Credence Attestation";
export const ATTESTATION_DOMAIN_VERSION = "1";

export interface AttestationDomain {
  readonly name: string;
  readonly version: string;
  readonly chainId: number;
}

export function attestationDomain(chainId: number): AttestationDomain {
  return { name: ATTESTATION_DOMAIN_NAME, version: ATTESTATION_DOMAIN_VERSION, chainId };
}

/** True when `presented` is exactly the domain of `chainId` (a relying party may send it back). */
export function isAttestationDomain(presented: unknown, chainId: number): boolean {
  if (typeof presented !== "object" || presented === null || Array.isArray(presented)) return false;
  const d = presented as Record<string, unknown>;
  const expected = attestationDomain(chainId);
  return (
    Object.keys(d).length === 3 &&
    d.name === expected.name &&
    d.version === expected.version &&
    d.chainId === expected.chainId
  );
}
