/**
 * `npm run guard:import DIR [-- --api URL]`: reads OpenZeppelin Monitor's DIR/monitors, DIR/networks and
 * DIR/triggers (*.json), resolves `{type: "environment"}` secret values from this machine's environment (the
 * HTTP route never does), sends only the networks and triggers the monitors name, to POST
 * /api/protocol-guard/import of a running service, and prints what was created and what did not map, with
 * file names. Creating subscriptions needs no credential today; `CREDENCE_API_KEY`, when set, is sent as a
 * Bearer token for deployments that put one in front.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type Json = Record<string, unknown>;
interface Loaded {
  readonly file: string;
  readonly content: Json;
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function loadDir(dir: string): Loaded[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const content = JSON.parse(readFileSync(join(dir, name), "utf8")) as unknown;
    if (!isObject(content)) throw new Error(`${join(dir, name)}: not a JSON object`);
    return { file: join(dir, name), content };
  });
}

/** `{type: "environment", value: NAME}` -> `{type: "plain", value: $NAME}`, anywhere in the value. */
export function resolveEnvironment(value: unknown, env: NodeJS.ProcessEnv, missing: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveEnvironment(v, env, missing));
  if (!isObject(value)) return value;
  if (value.type === "environment" && typeof value.value === "string") {
    const resolved = env[value.value];
    if (resolved !== undefined) return { type: "plain", value: resolved };
    missing.push(value.value);
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveEnvironment(v, env, missing)]));
}

/** The request body and, for each `monitors[i]` / `networks[i]` / `triggers[i]` label, the file it came from. */
export function importRequest(dir: string, env: NodeJS.ProcessEnv) {
  const monitors = loadDir(join(dir, "monitors"));
  const slugs = new Set(monitors.flatMap((m) => (Array.isArray(m.content.networks) ? m.content.networks : [])));
  const names = new Set(monitors.flatMap((m) => (Array.isArray(m.content.triggers) ? m.content.triggers : [])));
  const networks = loadDir(join(dir, "networks")).filter((n) => slugs.has(n.content.slug));
  const triggers = loadDir(join(dir, "triggers"))
    .map((t) => ({
      file: t.file,
      content: Object.fromEntries(Object.entries(t.content).filter(([k]) => names.has(k))),
    }))
    .filter((t) => Object.keys(t.content).length > 0);
  const missing: string[] = [];
  const body = resolveEnvironment(
    {
      monitors: monitors.map((m) => m.content),
      networks: networks.map((n) => n.content),
      triggers: triggers.map((t) => t.content),
    },
    env,
    missing,
  );
  const files: Record<string, string> = {};
  for (const [kind, list] of [
    ["monitors", monitors],
    ["networks", networks],
    ["triggers", triggers],
  ] as const)
    list.forEach((item, i) => (files[`${kind}[${i}]`] = item.file));
  return { body, files, missing: [...new Set(missing)] };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const apiAt = args.indexOf("--api");
  const api = apiAt >= 0 ? args[apiAt + 1] : (process.env.CREDENCE_API_URL ?? "http://127.0.0.1:3000");
  const dir = args.find((a, i) => !a.startsWith("--") && i !== apiAt + 1);
  if (dir === undefined || api === undefined) {
    console.error("usage: npm run guard:import DIR [-- --api URL]   (DIR holds monitors/, networks/, triggers/)");
    process.exit(2);
  }
  const { body, files, missing } = importRequest(dir, process.env);
  for (const name of missing) console.warn(`environment variable ${name} is not set: left unresolved`);
  const key = process.env.CREDENCE_API_KEY;
  const res = await fetch(`${api.replace(/\/$/, "")}/api/protocol-guard/import`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Json;
  if (res.status !== 201) {
    console.error(`import refused: ${res.status} ${JSON.stringify(answer)}`);
    process.exit(1);
  }
  const label = (file: string) => files[file] ?? file;
  if ((answer.created as Json[]).length === 0) console.log("created: none");
  for (const c of answer.created as Json[]) {
    console.log(
      `created ${String(c.id)} "${String(c.protocolName)}" (${String(c.status)}) from ${label(String(c.monitor))}`,
    );
    console.log(`  manage token (shown once): ${String(c.manageToken)}`);
    for (const ch of c.channels as Json[])
      if (typeof ch.webhookSecret === "string")
        console.log(`  webhook ${String(ch.id)} secret (shown once): ${ch.webhookSecret}`);
  }
  for (const n of answer.notMapped as Json[])
    console.log(`not mapped: ${label(String(n.file))} ${String(n.field)}: ${String(n.reason)}`);
}

if (process.argv[1]?.endsWith("import-oz-monitor.ts")) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
