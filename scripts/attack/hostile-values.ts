import fc from "fast-check";

/** Strings that broke or could break decoders: lone surrogates, NUL, RTL override, overlong and odd forms. */
export const EDGE_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDC00y",
  "\u202E0xdead",
  "\u200B",
  "\uFEFF",
  "\uFFFF",
  "😀",
  "é",
  "\r\n",
  "\\",
  '"',
  "'; DROP TABLE x; --",
  "${jndi:x}",
  "../../etc/passwd",
  "%00",
  "null",
  "true",
  "0x",
  "0x0",
  "0X" + "A".repeat(40),
  "0x" + "g".repeat(40),
  "0x" + "0".repeat(39),
  "0x" + "f".repeat(41),
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "sub_",
  "snap_",
  "a".repeat(5000),
];

/** Keys an attacker tries on an object body: the documented fields and prototype-pollution names. */
export const BODY_KEYS: readonly string[] = [
  "addresses",
  "address",
  "subject",
  "subjectType",
  "useClass",
  "chainId",
  "ttlSeconds",
  "ttl",
  "attestation",
  "expectedUseClass",
  "wallet",
  "ladder",
  "preset",
  "protocolId",
  "subscriptionId",
  "manageToken",
  "token",
  "channels",
  "rules",
  "flags",
  "network",
  "amount",
  "capability",
  "id",
  "limit",
  "offset",
  "webhook",
  "email",
  "name",
  "__proto__",
  "constructor",
  "prototype",
];

export const edgeString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 4 },
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 1 },
  );

/** A JSON value as text, built by hand so `__proto__` keys and lone surrogates reach the wire. */
export function jsonText(addresses: readonly string[]): fc.Arbitrary<string> {
  const address = fc.constantFrom(...addresses);
  const { tree } = fc.letrec<{ tree: string }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: address.map((a) => JSON.stringify(a)), weight: 3 },
      { arbitrary: edgeString().map((s) => JSON.stringify(s)), weight: 3 },
      {
        arbitrary: fc
          .oneof(
            fc.integer(),
            fc.double({ noNaN: true, noDefaultInfinity: true }),
            fc.constantFrom("1e400", "-1e400", "9007199254740993", "0.1e-400"),
          )
          .map(String),
        weight: 2,
      },
      { arbitrary: fc.constantFrom("null", "true", "false", "{}", "[]"), weight: 1 },
      { arbitrary: fc.array(tie("tree"), { maxLength: 5 }).map((items) => `[${items.join(",")}]`), weight: 1 },
      {
        arbitrary: fc
          .array(fc.tuple(fc.oneof(fc.constantFrom(...BODY_KEYS), edgeString()), tie("tree")), { maxLength: 6 })
          .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
        weight: 2,
      },
    ),
  }));
  return tree;
}

/** Bodies shaped like the real ones, with every field possibly of the wrong type or hostile. */
export function objectBody(addresses: readonly string[]): fc.Arbitrary<string> {
  const value = jsonText(addresses);
  return fc
    .uniqueArray(fc.tuple(fc.constantFrom(...BODY_KEYS), value), { maxLength: 8, selector: ([key]) => key })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`);
}

/** Bodies that are not a small well-formed JSON document. */
export const structuralBody = (addresses: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 100, max: 40_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    fc.integer({ min: 100, max: 30_000 }).map((depth) => `{"addresses":${"[".repeat(depth)}${"]".repeat(depth)}}`),
    fc.integer({ min: 100, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
    fc
      .integer({ min: 41, max: 1_400 })
      .map((n) => JSON.stringify({ addresses: Array.from({ length: n }, (_, i) => addresses[i % addresses.length]) })),
    fc.integer({ min: 1_000, max: 30_000 }).map((n) => `{"addresses":[${"0,".repeat(n)}0]}`),
    fc.integer({ min: 65 * 1024, max: 200 * 1024 }).map((n) => JSON.stringify({ addresses: ["x".repeat(n)] })),
    fc.constantFrom(
      "",
      "{",
      "[1,]",
      '{"a":}',
      "NaN",
      "undefined",
      "\uFEFF{}",
      "{'a':1}",
      "[",
      '"\\ud800"',
      '{"a":"\\u0000"}',
      "0",
      '"str"',
      "null",
    ),
  );
