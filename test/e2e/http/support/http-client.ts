/** Bodies are read black-box: the assertions, not a static type, check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type UncheckedJson = any;

/** A response read once: status, parsed JSON body and headers. */
export interface JsonResponse<T = UncheckedJson> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

async function read<T>(response: Response): Promise<JsonResponse<T>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text so a failing assertion shows what came back.
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

export async function getJson<T = UncheckedJson>(
  url: string,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  return read<T>(await fetch(url, { headers }));
}

export async function postJson<T = UncheckedJson>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  return read<T>(
    await fetch(url, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", ...headers },
    }),
  );
}

/** Base64 JSON header value (x402 PAYMENT-REQUIRED, X-PAYMENT-RESPONSE), decoded. */
export function decodeBase64JsonHeader(value: string | null): unknown {
  if (value === null) return null;
  return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
}

/** Every `access-control-*` header of a response (empty for backend-only paths). */
export function corsHeaders(headers: Headers): string[] {
  return [...headers.keys()].filter((name) => name.startsWith("access-control-"));
}
