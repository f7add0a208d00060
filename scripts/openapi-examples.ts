// Records one real request and response for every operation of the OpenAPI document, from the seeded world
// (the service as `npm start` runs it, in this process), into src/adapters/http/openapi/examples.json: the
// document attaches them as its examples, so the reference shows what the service really answers.
//   npm run openapi:examples
// Paid routes are paid for with a dev account; operator and platform routes use the attack suite's keys.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openApiDocument } from "../src/adapters/http/openapi/openapi-document";
import { ATTACK_OPERATOR_KEY, ATTACK_PLATFORM_KEY } from "./attack/attack-request";
import { startAttackWorld, type AttackWorld } from "./attack/attack-world";
import { harvestValidBodies } from "./attack/valid-bodies";
import { requestPaidAnswer } from "./pay";

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/adapters/http/openapi/examples.json");

export interface RecordedExample {
  readonly request?: unknown;
  readonly status: number;
  readonly response?: unknown;
}

/** Manage tokens and webhook secrets of the throwaway world still read as secrets: the examples name them instead. */
const SECRET_KEY = /^(token|manageToken|secret|webhookSecret|signingSecret|botToken)$/i;

/** Examples stay readable: long lists keep their first items, long texts their start. */
function shorten(value: unknown, depth = 0, key = ""): unknown {
  if (typeof value === "string" && SECRET_KEY.test(key)) return `<${key}>`;
  if (typeof value === "string") return value.length > 600 ? `${value.slice(0, 600)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 3).map((item) => shorten(item, depth + 1));
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value);
  const kept = depth > 0 && entries.length > 16 ? entries.slice(0, 16) : entries;
  return Object.fromEntries(kept.map(([k, v]) => [k, shorten(v, depth + 1, k)]));
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get("content-type") ?? "").includes("json")) return shorten(text);
  return shorten(JSON.parse(text) as unknown);
}

/** Concrete values for the templates' parameters, chosen so each answer shows something worth reading. */
function pathFor(template: string, w: AttackWorld, ids: Record<string, string>): string {
  const m = w.manifest;
  const address: Record<string, string> = {
    "/api/widget/score/{address}": m.healthyToken,
    "/api/oracle/{address}": m.longLivedWallet,
    "/api/oracle/token/{address}": m.nftOrganic,
    "/api/token-shield/nft/{address}": m.nftOrganic,
    "/api/staking/analyze/{address}": m.honestStakers[0] ?? m.longLivedWallet,
    "/api/snapshots/{address}": m.honeypotToken,
    "/api/arc-score/{address}": m.healthyToken,
    "/address/{address}": m.honeypotToken,
  };
  return template
    .replace("{address}", address[template] ?? m.longLivedWallet)
    .replace("{id}", template.includes("graph-trust") ? (ids.cluster ?? "sc_0000000000000000") : (ids.sub ?? "sub_x"))
    .replace("{alertId}", "alert_00000000000000000000000000000000");
}

function queryFor(key: string, w: AttackWorld, ids: Record<string, string>): string {
  const queries: Record<string, string> = {
    "GET /address": `?q=${w.manifest.honeypotToken}`,
    "GET /api/protocol-guard/subscriptions": `?id=${ids.sub ?? ""}&token=${ids.token ?? ""}`,
    "GET /api/protocol-guard/subscriptions/{id}/deliveries": `?token=${ids.token ?? ""}`,
    "GET /api/operator/flag-decisions": `?address=${w.manifest.honeypotToken}`,
    "GET /api/feedback": "?limit=3",
    "GET /api/staking/leaderboard": "?limit=3",
    "GET /api/snapshots/{address}": "?limit=3",
  };
  return queries[key] ?? "";
}

/** The document's own example: its head and first path (it holds these examples: the whole would nest them). */
function documentHead(document: unknown): unknown {
  const { openapi, info, servers, paths } = document as Record<string, unknown>;
  const first = Object.entries((paths ?? {}) as Record<string, unknown>)[0];
  return { openapi, info, servers, paths: first === undefined ? {} : { [first[0]]: first[1] } };
}

type Operation = { summary?: string; requestBody?: unknown };

async function record(w: AttackWorld): Promise<Record<string, RecordedExample>> {
  const m = w.manifest;
  const payer = w.wallet(10);
  const harvested = await harvestValidBodies(
    w.url,
    [m.honeypotToken, m.healthyToken, m.longLivedWallet],
    payer.address,
    w.chainId,
  );
  const bodies: Record<string, unknown> = {
    ...harvested,
    "POST /api/risk-check": { address: m.honeypotToken, aud: "https://shop.example.org" },
  };
  const subscribed = (await (
    await fetch(`${w.url}/api/protocol-guard/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(bodies["POST /api/protocol-guard/subscribe"]),
    })
  ).json()) as { id: string; manageToken: string };
  const ids: Record<string, string> = { sub: subscribed.id, token: subscribed.manageToken };
  const member = m.sybilFarm.members[0]!;
  const graph = (await (
    await fetch(`${w.url}/api/graph-trust`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ATTACK_PLATFORM_KEY}` },
      body: JSON.stringify({ addresses: [member] }),
    })
  ).json()) as { results?: { cluster?: { id?: string } | null }[] };
  ids.cluster = graph.results?.[0]?.cluster?.id ?? "sc_0000000000000000";
  ids.subBody = JSON.stringify({
    ...(bodies["PATCH /api/protocol-guard/subscriptions"] as object),
    token: ids.token,
    id: ids.sub,
  });

  const examples: Record<string, RecordedExample> = {};
  const document = openApiDocument(w.url) as { paths: Record<string, Record<string, Operation>> };
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${template}`;
      const summary = operation.summary ?? "";
      const bearer = /Operator only/.test(summary)
        ? ATTACK_OPERATOR_KEY
        : /Platform only/.test(summary)
          ? ATTACK_PLATFORM_KEY
          : null;
      const request =
        key === "PATCH /api/protocol-guard/subscriptions" ? (JSON.parse(ids.subBody) as unknown) : bodies[key];
      const replay = key.endsWith("/replay") ? { token: ids.token } : undefined;
      const sent = operation.requestBody === undefined ? undefined : (replay ?? request ?? {});
      const response = await fetch(`${w.url}${pathFor(template, w, ids)}${queryFor(key, w, ids)}`, {
        method: method.toUpperCase(),
        redirect: "manual",
        headers: {
          accept: "application/json, text/html;q=0.5, */*;q=0.1",
          ...(sent === undefined ? {} : { "content-type": "application/json" }),
          ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        },
        ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
      });
      const body = response.status === 303 ? undefined : await bodyOf(response);
      examples[key] = {
        ...(sent === undefined ? {} : { request: shorten(sent) }),
        status: response.status,
        ...(body === undefined ? {} : { response: key === "GET /openapi.json" ? documentHead(body) : body }),
      };
    }
  }
  // The paid answers, bought: a wallet score and an ERC-20 token score (the challenge above is the 402 example).
  const now = async () => (await w.provider.getBlock("latest"))?.timestamp ?? Math.floor(Date.now() / 1000);
  for (const [key, address, token] of [
    ["GET /api/oracle/{address}", m.longLivedWallet, false],
    ["GET /api/oracle/token/{address}", m.honeypotToken, true],
  ] as const) {
    const paid = await requestPaidAnswer({ url: w.url, address, token, proof: "v2", signer: payer, now });
    if (paid.status !== 200) throw new Error(`${key}: paying answered ${paid.status}`);
    examples[`${key} (paid)`] = { status: 200, response: shorten(paid.body) };
  }
  return examples;
}

const world = await startAttackWorld();
try {
  const examples = await record(world);
  writeFileSync(OUT, `${JSON.stringify(examples, null, 2)}\n`);
  const statuses = Object.entries(examples).map(([key, e]) => `${e.status} ${key}`);
  console.log(statuses.join("\n"));
  console.log(`${statuses.length} examples written to ${path.relative(process.cwd(), OUT)}`);
} finally {
  await world.stop();
}
