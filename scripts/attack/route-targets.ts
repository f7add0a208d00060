/** One documented operation, read from the served OpenAPI document (new routes are attacked without editing the suite). */
export interface RouteTarget {
  /** OpenAPI template, e.g. `/api/oracle/{address}`. */
  readonly template: string;
  readonly method: string;
  readonly pathParams: readonly string[];
  readonly queryNames: readonly string[];
  readonly hasBody: boolean;
}

interface OpenApiOperation {
  readonly parameters?: readonly { readonly name: string; readonly in: string }[];
  readonly requestBody?: unknown;
}

export async function routeTargets(baseUrl: string): Promise<readonly RouteTarget[]> {
  const response = await fetch(`${baseUrl}/openapi.json`);
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  const document = (await response.json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const targets: RouteTarget[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      targets.push({
        template,
        method: method.toUpperCase(),
        pathParams: [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ""),
        queryNames: parameters.filter((p) => p.in === "query").map((p) => p.name),
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  if (targets.length === 0) throw new Error("the OpenAPI document lists no operations");
  return targets;
}
