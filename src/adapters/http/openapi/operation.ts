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
  /** Success statuses and their body schema. */
  readonly ok: Readonly<Record<number, { description: string; schema?: Schema; headers?: readonly string[] }>>;
  /** Error codes this operation can answer; statuses come from the one mapping in api-error.ts. */
  readonly errors: readonly ApiErrorCode[];
}

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** Groups error codes by the status they map to, so the document cannot disagree with the server. */
export function operation(spec: OperationSpec): Schema {
  const responses: Record<string, unknown> = {};
  for (const [status, ok] of Object.entries(spec.ok)) {
    responses[status] = {
      description: ok.description,
      ...(ok.headers
        ? { headers: Object.fromEntries(ok.headers.map((h) => [h, { schema: { type: "string" } }])) }
        : {}),
      content: ok.schema ? { "application/json": { schema: ok.schema } } : undefined,
    };
  }
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of spec.errors) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  for (const [status, codes] of byStatus) {
    responses[String(status)] = {
      description: `error: ${codes.join(", ")}`,
      content: {
        "application/json": {
          schema: { allOf: [ref("Error"), { properties: { error: { enum: codes } } }] },
        },
      },
    };
  }
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
