import { randomBytes } from "node:crypto";
import {
  SIGN_IN_WITH_X,
  buildSIWxSchema,
  parseSIWxHeader,
  validateSIWxMessage,
  verifySIWxSignature,
} from "@x402/extensions/sign-in-with-x";
import type { SignInOutcome, SignInWithX } from "../../application/ports/sign-in-with-x.port";

/** How long a sign-in challenge may be answered (the package's default expiry). */
const SIGN_IN_WINDOW_MS = 5 * 60_000;
const MAX_HEADER = 8192;
/** Longest nonce taken: ours are 32 hex characters, and every one used is stored until it expires. */
const MAX_NONCE = 64;

/**
 * The x402 `sign-in-with-x` extension through @x402/extensions: the declaration a 402 carries
 * (the fields the package's resource-server hook would fill), and the package's own parse,
 * message validation (domain, uri origin, times, nonce) and EIP-191 signature verification.
 */
export class X402SignInWithX implements SignInWithX {
  constructor(
    /** PUBLIC_BASE_URL or the listening address: what `domain` and `uri` must name. */
    private readonly publicBaseUrl: () => string,
    /** CAIP-2 of the scored chain: the only chain a sign-in is accepted on. */
    private readonly network: string,
  ) {}

  declaration(resource: string, nowMs: number): Readonly<Record<string, unknown>> {
    const info = {
      domain: new URL(this.publicBaseUrl()).host,
      uri: resource,
      version: "1",
      nonce: randomBytes(16).toString("hex"),
      issuedAt: new Date(nowMs).toISOString(),
      expirationTime: new Date(nowMs + SIGN_IN_WINDOW_MS).toISOString(),
      statement: "Sign in to read again the Credence score you bought",
      resources: [resource],
    };
    return {
      [SIGN_IN_WITH_X]: {
        info,
        supportedChains: [{ chainId: this.network, type: "eip191" }],
        schema: buildSIWxSchema(),
      },
    };
  }

  async verify(header: string, resource: string): Promise<SignInOutcome> {
    const refused = (reason: string): SignInOutcome => ({ _tag: "refused", reason });
    if (header.length > MAX_HEADER) return refused("invalid_siwx_header");
    let payload;
    try {
      payload = parseSIWxHeader(header);
    } catch {
      return refused("invalid_siwx_header");
    }
    if (payload.nonce.length > MAX_NONCE) return refused("invalid_siwx_nonce_too_long");
    // The package binds the message to our origin; the resource itself is ours to bind.
    if (payload.uri !== resource) return refused("invalid_siwx_uri_mismatch");
    if (payload.chainId !== this.network) return refused("invalid_siwx_chain_id");
    if (payload.expirationTime === undefined) return refused("invalid_siwx_expiration_time");
    if (Date.parse(payload.expirationTime) - Date.parse(payload.issuedAt) > SIGN_IN_WINDOW_MS)
      return refused("invalid_siwx_expiration_time");
    const valid = await validateSIWxMessage(payload, new URL(this.publicBaseUrl()), { maxAge: SIGN_IN_WINDOW_MS });
    if (!valid.isValid) return refused(valid.invalidReason);
    const verified = await verifySIWxSignature(payload).catch(() => null);
    if (verified === null || !verified.isValid) return refused(verified?.invalidReason ?? "invalid_siwx_signature");
    if (verified.payer.toLowerCase() !== payload.address.toLowerCase()) return refused("invalid_siwx_signature");
    return {
      _tag: "signed_in",
      address: payload.address.toLowerCase(),
      nonce: payload.nonce,
      // validateSIWxMessage refuses a message older than the window (inclusive bound).
      validUntilMs: Date.parse(payload.issuedAt) + SIGN_IN_WINDOW_MS,
    };
  }
}
