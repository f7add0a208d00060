import { parseAddress, type Address } from "../chain/address";

/** A personal_sign request read as what it really is. */
export type MessageReading =
  | { readonly kind: "raw-hash"; readonly bytes: number }
  | { readonly kind: "transaction"; readonly txType: number | "legacy" }
  | { readonly kind: "binary"; readonly bytes: number }
  | { readonly kind: "siwe"; readonly siwe: SiweMessage }
  | { readonly kind: "text"; readonly text: string };

/** The EIP-4361 fields the scan checks. */
export interface SiweMessage {
  readonly domain: string;
  readonly address: Address | null;
  readonly uri: string | null;
  readonly chainId: number | null;
  readonly expirationTime: string | null;
}

const SIWE_HEADER = / wants you to sign in with your Ethereum account:$/;

function hexBytes(message: string): Uint8Array | null {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return null;
  const bytes = new Uint8Array((message.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + 2 * i, 4 + 2 * i), 16);
  return bytes;
}

/** An RLP list that spans exactly the rest of the bytes from `at` (a serialized transaction's body). */
function isRlpListSpanning(bytes: Uint8Array, at: number): boolean {
  const head = bytes[at];
  if (head === undefined || head < 0xc0) return false;
  if (head <= 0xf7) return at + 1 + (head - 0xc0) === bytes.length;
  const lengthBytes = head - 0xf7;
  if (lengthBytes > 4) return false;
  let length = 0;
  for (let i = 1; i <= lengthBytes; i++) length = length * 256 + (bytes[at + i] ?? 0);
  return at + 1 + lengthBytes + length === bytes.length && length >= 3;
}

function utf8Text(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // Control characters other than tabs and line breaks: not text a person is meant to read.
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

function parseSiwe(text: string): SiweMessage | null {
  const lines = text.split("\n");
  const header = lines[0] ?? "";
  if (!SIWE_HEADER.test(header)) return null;
  const field = (name: string): string | null => {
    const line = lines.find((l) => l.startsWith(`${name}: `));
    return line === undefined ? null : line.slice(name.length + 2).trim();
  };
  const chainId = field("Chain ID");
  return {
    domain: header.replace(SIWE_HEADER, "").trim(),
    address: parseAddress((lines[1] ?? "").trim()) ?? null,
    uri: field("URI"),
    chainId: chainId !== null && /^\d{1,12}$/.test(chainId) ? Number(chainId) : null,
    expirationTime: field("Expiration Time"),
  };
}

/**
 * personal_sign's message as the wallet would show it: 0x-hex is decoded first (wallets send text as hex), then
 * a 32-byte value is a raw hash (signing it can authorize anything), an RLP transaction (typed or legacy) is a
 * transaction in disguise, other bytes that are not UTF-8 text are binary, and text is SIWE when it says so.
 */
export function readMessage(message: string): MessageReading {
  const bytes = hexBytes(message);
  let text = message;
  if (bytes !== null) {
    if (bytes.length === 32) return { kind: "raw-hash", bytes: 32 };
    const typed = bytes[0] !== undefined && bytes[0] <= 0x7f;
    if (typed && bytes[0]! >= 1 && bytes[0]! <= 4 && isRlpListSpanning(bytes, 1))
      return { kind: "transaction", txType: bytes[0]! };
    if (isRlpListSpanning(bytes, 0)) return { kind: "transaction", txType: "legacy" };
    const decoded = utf8Text(bytes);
    if (decoded === null) return { kind: "binary", bytes: bytes.length };
    text = decoded;
  }
  const siwe = parseSiwe(text);
  return siwe === null ? { kind: "text", text } : { kind: "siwe", siwe };
}

/** The host of a URI or origin (`https://app.example:443/x` -> `app.example:443`), lowercase; null when none. */
export function hostOf(value: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]+@)?([^/?#]+)/i.exec(value);
  if (match !== null) return match[2]!.toLowerCase();
  return /^[a-z0-9.-]+(:\d+)?$/i.test(value) ? value.toLowerCase() : null;
}
