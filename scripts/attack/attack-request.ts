import fc from "fast-check";
import { edgeString, jsonText, objectBody, structuralBody } from "./hostile-values";
import type { RouteTarget } from "./route-targets";
import { mutatedBody, type ValidBodies } from "./valid-bodies";

/** One generated request, as it goes on the wire. */
export interface AttackRequest {
  readonly method: string;
  /** Path and query, already percent-encoded (or deliberately badly encoded). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Buffer;
  /** The documented operation it was derived from. */
  readonly target: string;
}

/** Methods llhttp parses, plus tokens it does not (the server must still answer JSON). */
const METHODS = [
  "GET",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "HEAD",
  "OPTIONS",
  "PROPFIND",
  "SEARCH",
  "PURGE",
  "BREW",
  "FOO",
];
const BAD_ENCODINGS = [
  "%",
  "%z",
  "%zz",
  "%E0%A4",
  "%ED%A0%80",
  "%00",
  "%C0%AF",
  "%FF",
  "..%2F..",
  "%2e%2e",
  "%252F",
  "%u0041",
  "%F0%9F%98",
];
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD's bytes, as a browser would send). */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const segment = (addresses: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...addresses), weight: 5 },
    { arbitrary: fc.constantFrom(...addresses).map((a) => a.toUpperCase().replace("0X", "0x")), weight: 1 },
    { arbitrary: edgeString().map(percentEncode), weight: 3 },
    { arbitrary: fc.constantFrom(...BAD_ENCODINGS), weight: 2 },
    {
      arbitrary: fc.tuple(fc.constantFrom(...addresses), fc.constantFrom(...BAD_ENCODINGS)).map(([a, bad]) => a + bad),
      weight: 1,
    },
    { arbitrary: fc.integer({ min: 1_000, max: 12_000 }).map((n) => "a".repeat(n)), weight: 1 },
  );

const queryValue = (addresses: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: -1_000, max: 1_000 }).map(String),
    fc.constantFrom("1e3", "0x10", "9999999999999999999999", "-0", "NaN", "", "1.5", "%202", "+2"),
    fc.constantFrom(...addresses),
    edgeString().map(percentEncode),
    fc.constantFrom(...BAD_ENCODINGS),
  );

function query(target: RouteTarget, addresses: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...target.queryNames, "id", "token", "limit", "__proto__"), weight: 3 },
    { arbitrary: fc.constantFrom(...BAD_ENCODINGS, "a[b]", "a[]"), weight: 1 },
  );
  return fc
    .array(fc.tuple(name, queryValue(addresses)), { maxLength: 5 })
    .map((pairs) => (pairs.length === 0 ? "" : "?" + pairs.map(([k, v]) => `${k}=${v}`).join("&")));
}

/** Header values an attacker controls; kept to bytes a header may legally carry. */
const junkHeaderValue = (addresses: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    jsonText(addresses).map((text) => Buffer.from(text, "utf8").toString("base64")),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("base64")),
    fc.string({ unit: fc.constantFrom(...'abcXYZ019+/=-_.:,; {}"[]'), maxLength: 300 }),
  );

/**
 * The platform key the attack server accepts (only its SHA-256 is configured): sent on some requests, so the
 * platform routes (arc-score, graph-trust) are attacked past their credential check, not only at it.
 */
export const ATTACK_PLATFORM_KEY = "attack-suite-platform-key";
/** The operator key (OPERATOR_API_KEYS), sent likewise: revoke, flag decisions and the feedback queue past their check. */
export const ATTACK_OPERATOR_KEY = "attack-suite-operator-key";

function headers(addresses: readonly string[]): fc.Arbitrary<Record<string, string>> {
  const junk = junkHeaderValue(addresses);
  return fc.record(
    {
      "content-type": fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
        "application/json; charset=latin1",
      ),
      "x-payment": junk,
      "payment-signature": junk,
      authorization: fc.oneof(
        junk.map((v) => `Bearer ${v}`),
        fc.constant(`Bearer ${ATTACK_PLATFORM_KEY}`),
        fc.constant(`Bearer ${ATTACK_OPERATOR_KEY}`),
      ),
      origin: fc.constantFrom("https://evil.example", "null", "http://127.0.0.1"),
      "x-oversized": fc.integer({ min: 1_000, max: 40_000 }).map((n) => "a".repeat(n)),
      "content-encoding": fc.constantFrom("gzip", "br", "identity"),
      "x-request-id": junk,
    },
    { requiredKeys: [] },
  );
}

function body(addresses: readonly string[], valid: unknown): fc.Arbitrary<Buffer | undefined> {
  const utf8 = (text: string) => Buffer.from(text, "utf8");
  return fc.oneof(
    ...(valid === undefined
      ? []
      : [
          { arbitrary: mutatedBody(valid, addresses).map(utf8), weight: 8 },
          { arbitrary: fc.constant(utf8(JSON.stringify(valid))), weight: 1 },
        ]),
    { arbitrary: objectBody(addresses).map((text) => Buffer.from(text, "utf8")), weight: 6 },
    { arbitrary: jsonText(addresses).map((text) => Buffer.from(text, "utf8")), weight: 2 },
    { arbitrary: structuralBody(addresses).map((text) => Buffer.from(text, "utf8")), weight: 2 },
    { arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** A request to `target`: mostly its own method, sometimes any other. */
export function attackRequest(
  target: RouteTarget,
  addresses: readonly string[],
  validBodies: ValidBodies = {},
): fc.Arbitrary<AttackRequest> {
  const method = fc.oneof(
    { arbitrary: fc.constant(target.method), weight: 6 },
    { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
  );
  const params = fc.tuple(...target.pathParams.map(() => segment(addresses)));
  return fc
    .record({
      method,
      params,
      query: query(target, addresses),
      headers: headers(addresses),
      body: body(addresses, validBodies[`${target.method} ${target.template}`]),
      sendBody: fc.boolean(),
    })
    .map((r) => {
      let path = target.template;
      target.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, r.params[i] ?? "");
      });
      const carriesBody =
        ["POST", "PUT", "PATCH"].includes(r.method) || (r.sendBody && r.method !== "HEAD" && r.method !== "GET");
      return {
        method: r.method,
        path: path + r.query,
        headers: r.headers,
        ...(carriesBody && r.body !== undefined ? { body: r.body } : {}),
        target: `${target.method} ${target.template}`,
      };
    });
}

/** Requests spread over every documented operation (and a few unknown paths). */
export function anyAttackRequest(
  targets: readonly RouteTarget[],
  addresses: readonly string[],
  validBodies: ValidBodies = {},
): fc.Arbitrary<AttackRequest> {
  const unknown: RouteTarget = {
    template: "/api/{x}/{y}",
    method: "GET",
    pathParams: ["x", "y"],
    queryNames: [],
    hasBody: false,
  };
  return fc.oneof(...[...targets, unknown].map((target) => attackRequest(target, addresses, validBodies)));
}
