import { statusOf, type ApiErrorCode } from "../api-error";

type Schema = Record<string, unknown>;

export interface OperationSpec {
  readonly summary: string;
  readonly tag: string;
  readonly description?: string;
  readonly addressParam?: boolean;
  /** Other path parameters, in path order (a string unless a schema is given). */
  readonly pathParams?: readonly { name: string; description: string; schema?: Schema }[];
  readonly query?: readonly { name: string; description: string; schema: Schema }[];
  readonly body?: Schema;
  /** Success statuses and their body schema (JSON unless another media type is named). */
  readonly ok: Readonly<
    Record<number, { description: string; schema?: Schema; headers?: readonly string[]; mediaType?: string }>
  >;
  /** Statuses answered with an HTML page (the explorer's designed states), and what each means. */
  readonly pages?: Readonly<Record<number, string>>;
  /** A browser (Accept: text/html, a Mozilla user agent) gets the 402 as a paywall page and the paid answer as a page. */
  readonly browserPaywall?: boolean;
  /** Error codes this operation can answer; statuses come from the one mapping in api-error.ts. */
  readonly errors: readonly ApiErrorCode[];
}

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const HTML: Schema = { type: "string", contentMediaType: "text/html" };

/** x402's browser convention on a paid route: the paywall page for the 402, the answer as a page for the 200. */
function withBrowserPages(responses: Record<string, unknown>): void {
  const add = (status: string, note: string) => {
    const response = responses[status] as { description: string; content?: Record<string, unknown> } | undefined;
    if (response === undefined) return;
    response.description = `${response.description}; ${note}`;
    response.content = { ...response.content, "text/html": { schema: HTML } };
  };
  add("402", "a browser gets the x402 paywall page (pays with window.ethereum, EIP-3009) with the same headers");
  add("200", "a browser gets the answer as the explorer's address page");
}

/** Groups error codes by the status they map to, so the document cannot disagree with the server. */
export function operation(spec: OperationSpec): Schema {
  const responses: Record<string, unknown> = {};
  for (const [status, ok] of Object.entries(spec.ok)) {
    responses[status] = {
      description: ok.description,
      ...(ok.headers
        ? { headers: Object.fromEntries(ok.headers.map((h) => [h, { schema: { type: "string" } }])) }
        : {}),
      content: ok.schema ? { [ok.mediaType ?? "application/json"]: { schema: ok.schema } } : undefined,
    };
  }
  for (const [status, description] of Object.entries(spec.pages ?? {})) {
    responses[status] = { description, content: { "text/html": { schema: HTML } } };
  }
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of spec.errors) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: `error: ${codes.join(", ")}`,
      content: {
        "application/json": {
          schema: { allOf: [ref("Error"), { properties: { error: { enum: codes } } }] },
          example: { error: codes[0] },
        },
      },
    };
  }
  if (spec.browserPaywall === true) withBrowserPages(responses);
  const parameters = [
    ...(spec.addressParam ? [{ name: "address", in: "path", required: true, schema: ref("Address") }] : []),
    ...(spec.pathParams ?? []).map((p) => ({
      name: p.name,
      in: "path",
      required: true,
      description: p.description,
      schema: p.schema ?? { type: "string" },
    })),
    ...(spec.query ?? []).map((q) => ({
      name: q.name,
      in: "query",
      required: false,
      description: q.description,
      schema: q.schema,
    })),
  ];
  return {
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.description ? { description: spec.description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: spec.body } } } } : {}),
    responses,
  };
}
