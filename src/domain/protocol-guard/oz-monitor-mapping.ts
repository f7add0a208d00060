import { parseAddress } from "../chain/address";
import { parseCondition } from "./event-condition";
import { isJsonObject } from "./guard-input-error";
import { MAX_RULES } from "./guard-rules";
import { PROTOCOL_NAME_MAX } from "./subscription";
import { parseMonitorSignature, unknownArguments } from "./oz-monitor-signatures";
import { mapTrigger, type FoundTrigger, type NotMapped } from "./oz-monitor-triggers";
import type { SignatureParser } from "./watched-contracts";

/** A monitor turned into a subscribe request body (decoded and checked like any POST /subscribe afterwards). */
export interface MappedMonitor {
  readonly file: string;
  readonly paused: boolean;
  readonly body: {
    readonly protocolName: string;
    readonly channels: readonly unknown[];
    readonly rules: readonly unknown[];
    readonly contracts: readonly unknown[];
  };
}

export interface OzSources {
  readonly networks: ReadonlyMap<string, { readonly file: string; readonly network: Record<string, unknown> }>;
  readonly triggers: ReadonlyMap<string, FoundTrigger>;
  /** The chain this service follows: only EVM networks with this chain_id map. */
  readonly chainId: number;
  readonly parse: SignatureParser;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isBlank = (v: unknown): boolean => v === null || v === undefined || (typeof v === "string" && v.trim() === "");
const CONDITION_SYNTAX = "Protocol Guard's conditions have == != > >= < <= on one argument and a literal, && || ( )";

/** True when one of the monitor's networks is the chain followed here; the others are reported. */
function networkMatches(file: string, monitor: Record<string, unknown>, src: OzSources, out: NotMapped[]): boolean {
  let matched = false;
  list(monitor.networks).forEach((slug, j) => {
    const found = typeof slug === "string" ? src.networks.get(slug) : undefined;
    const miss = (reason: string) => out.push({ file, field: `networks[${j}]`, reason });
    if (found === undefined) return miss(`network ${String(slug)} is not in the network files given`);
    const { network } = found;
    if (network.network_type !== "EVM")
      return miss(`${String(network.network_type)} networks are not watched: Protocol Guard follows one EVM chain`);
    if (network.chain_id !== src.chainId)
      return miss(`chain_id ${String(network.chain_id)} is not the chain this service follows (${src.chainId})`);
    matched = true;
  });
  return matched;
}

/** Watched signatures and event_match rules from match_conditions; what does not fit is reported. */
function mapConditions(file: string, monitor: Record<string, unknown>, src: OzSources, out: NotMapped[]) {
  const conditions = isJsonObject(monitor.match_conditions) ? monitor.match_conditions : {};
  const specs = list(monitor.addresses).map((a) => (isJsonObject(a) ? a.contract_spec : undefined));
  const events: string[] = [];
  const functions: string[] = [];
  const rules: unknown[] = [];
  for (const kind of ["event", "function"] as const) {
    list(conditions[`${kind}s`]).forEach((condition, j) => {
      const field = `match_conditions.${kind}s[${j}]`;
      const text = isJsonObject(condition) ? condition.signature : undefined;
      const parsed = typeof text === "string" ? parseMonitorSignature(kind, text, specs, src.parse) : undefined;
      if (parsed === undefined) return out.push({ file, field: `${field}.signature`, reason: "does not parse" });
      (kind === "event" ? events : functions).push(namedText(parsed));
      const expression = isJsonObject(condition) ? condition.expression : undefined;
      if (isBlank(expression)) {
        out.push({
          file,
          field: `${field}.expression`,
          reason:
            "none: every match is watched and scored; an alert is sent when the wallet's risk calls for it (safety floor, rules or default policy), not on every match",
        });
        return;
      }
      if (kind === "function")
        return out.push({
          file,
          field: `${field}.expression`,
          reason: "conditions on call arguments are not in Protocol Guard (event_match reads decoded logs)",
        });
      const tree = typeof expression === "string" ? parseCondition(expression) : undefined;
      if (tree === undefined) return out.push({ file, field: `${field}.expression`, reason: CONDITION_SYNTAX });
      const unknown = unknownArguments(tree, parsed);
      if (unknown.length > 0)
        return out.push({
          file,
          field: `${field}.expression`,
          reason: `arguments not in the signature: ${unknown.join(", ")}`,
        });
      if (rules.length >= MAX_RULES)
        return out.push({ file, field: `${field}.expression`, reason: `more than ${MAX_RULES} rules` });
      rules.push({ type: "event_match", event: parsed.signature, condition: expression as string, action: "review" });
    });
  }
  list(conditions.transactions).forEach((tx, j) => {
    const field = `match_conditions.transactions[${j}]`;
    const status = isJsonObject(tx) ? tx.status : undefined;
    if (status === "Failure")
      out.push({ file, field: `${field}.status`, reason: "failed transactions are not selected" });
    else if (status === "Success" && functions.length > 0)
      out.push({
        file,
        field: `${field}.status`,
        reason: "calls are watched whether their transaction succeeded or not (logs only exist on success)",
      });
    if (isJsonObject(tx) && !isBlank(tx.expression))
      out.push({ file, field: `${field}.expression`, reason: "transaction expressions are not in Protocol Guard" });
  });
  return { events, functions, rules };
}

const namedText = (s: {
  readonly name: string;
  readonly inputs: readonly { name: string; type: string; indexed: boolean }[];
}) =>
  `${s.name}(${s.inputs.map((i) => [i.type, i.indexed ? "indexed" : "", i.name].filter((p) => p !== "").join(" ")).join(", ")})`;

/** One monitor; undefined (and why, in `out`) when nothing of it can be watched here. */
export function mapMonitor(
  file: string,
  monitor: unknown,
  src: OzSources,
  out: NotMapped[],
): MappedMonitor | undefined {
  if (!isJsonObject(monitor)) return (out.push({ file, field: "", reason: "not a monitor object" }), undefined);
  if (!networkMatches(file, monitor, src, out)) {
    out.push({ file, field: "networks", reason: `no network of this monitor is chain ${src.chainId}: not imported` });
    return undefined;
  }
  const { events, functions, rules } = mapConditions(file, monitor, src, out);
  const addresses: string[] = [];
  list(monitor.addresses).forEach((entry, j) => {
    const address = parseAddress(isJsonObject(entry) ? entry.address : undefined);
    if (address === undefined) out.push({ file, field: `addresses[${j}].address`, reason: "not an EVM address" });
    else if (!addresses.includes(address)) addresses.push(address);
  });
  if (addresses.length === 0) {
    out.push({
      file,
      field: "addresses",
      reason: "no contract addresses: Protocol Guard watches contracts; not imported",
    });
    return undefined;
  }
  if (list(monitor.trigger_conditions).length > 0)
    out.push({ file, field: "trigger_conditions", reason: "filter scripts are never run here" });
  const channels = list(monitor.triggers).flatMap((name, j) => {
    const found = typeof name === "string" ? src.triggers.get(name) : undefined;
    if (found === undefined)
      return (
        out.push({
          file,
          field: `triggers[${j}]`,
          reason: `trigger ${String(name)} is not in the trigger files given`,
        }),
        []
      );
    return mapTrigger(name as string, found, out);
  });
  const rawName = typeof monitor.name === "string" && monitor.name.trim() !== "" ? monitor.name.trim() : file;
  if (rawName.length > PROTOCOL_NAME_MAX)
    out.push({ file, field: "name", reason: `cut to ${PROTOCOL_NAME_MAX} characters` });
  const contract = {
    ...(events.length > 0 ? { events } : {}),
    ...(functions.length > 0 ? { functions } : {}),
  };
  return {
    file,
    paused: monitor.paused === true,
    body: {
      protocolName: rawName.slice(0, PROTOCOL_NAME_MAX),
      channels,
      rules,
      contracts: addresses.map((address) => ({ address, ...contract })),
    },
  };
}
