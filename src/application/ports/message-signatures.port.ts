import type { Address } from "../../domain/chain/address";

/** EIP-191 personal_sign messages: who signed one. */
export interface MessageSignatures {
  /** The signer of `message` under `signature` (65-byte hex), or null when the signature does not recover. */
  recoverPersonalSigner(message: string, signature: string): Address | null;
}

export const MessageSignatures = Symbol.for("MessageSignatures");
