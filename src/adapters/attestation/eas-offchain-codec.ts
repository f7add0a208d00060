import * as t from "io-ts";
import { isRight } from "fp-ts/Either";

/**
 * The shape of an EAS offchain attestation (version 2) as relying parties send it back: checked
 * before any of it reaches the EAS SDK or ethers, so hostile input is a verdict, never a throw.
 */
const hex = (name: string, pattern: RegExp) =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === "string" && pattern.test(u),
    (u, c) => (typeof u === "string" && pattern.test(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  );

const Bytes32 = hex("Bytes32", /^0x[0-9a-fA-F]{64}$/);
const AddressText = hex("Address", /^0x[0-9a-fA-F]{40}$/);
/** The schema's data is seven ABI words plus three short strings: 4 KiB of hex is plenty. */
const Data = hex("Data", /^0x(?:[0-9a-fA-F]{2}){0,2048}$/);
const Short = new t.Type<string, string, unknown>(
  "Short",
  (u): u is string => typeof u === "string" && u.length <= 64,
  (u, c) => (typeof u === "string" && u.length <= 64 ? t.success(u) : t.failure(u, c)),
  t.identity,
);
/** uint64 as the SDK writes it (decimal string) or as a JSON number. */
const Uint64 = new t.Type<string, string, unknown>(
  "Uint64",
  (u): u is string => typeof u === "string" && /^[0-9]{1,20}$/.test(u),
  (u, c) => {
    if (typeof u === "number" && Number.isSafeInteger(u) && u >= 0) return t.success(String(u));
    if (typeof u === "string" && /^[0-9]{1,20}$/.test(u) && BigInt(u) < 2n ** 64n) return t.success(u);
    return t.failure(u, c);
  },
  t.identity,
);

export const EasOffchainCodec = t.type({
  version: t.literal(2),
  uid: Bytes32,
  domain: t.type({ name: Short, version: Short, chainId: Uint64, verifyingContract: AddressText }),
  primaryType: t.literal("Attest"),
  message: t.type({
    version: t.literal(2),
    schema: Bytes32,
    recipient: AddressText,
    time: Uint64,
    expirationTime: Uint64,
    revocable: t.boolean,
    refUID: Bytes32,
    data: Data,
    salt: Bytes32,
  }),
  signature: t.type({ v: t.union([t.literal(27), t.literal(28)]), r: Bytes32, s: Bytes32 }),
});
export type EasOffchainDocument = t.TypeOf<typeof EasOffchainCodec>;

/** The document, or undefined when it is not an EAS v2 offchain attestation. */
export function decodeEasOffchain(raw: unknown): EasOffchainDocument | undefined {
  const decoded = EasOffchainCodec.decode(raw);
  return isRight(decoded) ? decoded.right : undefined;
}
