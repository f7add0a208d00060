import { paths } from "./paths";
import { schemas } from "./schemas";

/** What an x402 bazaar declaration says about one paid resource, read from the OpenAPI document. */
export interface ResourceDiscovery {
  readonly method: "GET";
  readonly pathParams: Readonly<Record<string, string>>;
  readonly pathParamsSchema: Readonly<Record<string, unknown>>;
  readonly output: { readonly example: unknown; readonly schema: Readonly<Record<string, unknown>> };
  readonly description: string;
}

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** Replaces component `$ref`s by the components themselves: a bazaar schema must stand alone. */
function inline(schema: unknown, depth = 0): unknown {
  if (depth > 16 || typeof schema !== "object" || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((item) => inline(item, depth + 1));
  const ref = (schema as { $ref?: unknown }).$ref;
  const name = typeof ref === "string" ? COMPONENT_REF.exec(ref)?.[1] : undefined;
  if (name !== undefined && name in schemas) return inline(schemas[name], depth + 1);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inline(value, depth + 1)]));
}

/** `/api/oracle/{address}` against `/api/oracle/0xab…`: the parameters, or null when it does not match. */
function match(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === "{" || c === "}" ? c : `\\${c}`));
  const regex = new RegExp(
    `^${pattern.replace(/\{([a-zA-Z]+)\}/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    })}$`,
  );
  const found = regex.exec(path);
  if (found === null) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
}

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; schema: unknown }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

/**
 * The bazaar facts of a paid resource URL, all from the OpenAPI document (its single source):
 * the GET operation whose path template matches, its path parameters and their schemas, and the
 * 200 response's schema with its first example. Null for a path the document does not describe.
 */
export function resourceDiscovery(resourceUrl: string): ResourceDiscovery | null {
  let path: string;
  try {
    path = new URL(resourceUrl).pathname;
  } catch {
    return null;
  }
  for (const [template, item] of Object.entries(paths)) {
    const params = match(template, path);
    const get = (item as { get?: Operation }).get;
    if (params === null || get === undefined) continue;
    const schema = inline(get.responses?.["200"]?.content?.["application/json"]?.schema) as Record<string, unknown>;
    const pathParameters = (get.parameters ?? []).filter((p) => p.in === "path");
    return {
      method: "GET",
      pathParams: params,
      pathParamsSchema: {
        type: "object",
        properties: Object.fromEntries(pathParameters.map((p) => [p.name, inline(p.schema)])),
        required: pathParameters.map((p) => p.name),
      },
      output: { example: (schema?.examples as unknown[] | undefined)?.[0] ?? null, schema: schema ?? {} },
      description: get.summary ?? "",
    };
  }
  return null;
}
