import * as E from "fp-ts/Either";
import { isJsonObject, refuse, unknownKey, type GuardInputError } from "./guard-input-error";
import { decodeSubscribeRequest, type SubscribeCommand } from "./guard-requests";
import { mapMonitor } from "./oz-monitor-mapping";
import type { FoundTrigger, NotMapped } from "./oz-monitor-triggers";
import type { SignatureParser } from "./watched-contracts";

export type { NotMapped } from "./oz-monitor-triggers";

/**
 * Bounds of one import (the JSON body itself is at most 64 KiB). An import spends one request of subscribe's rate
 * budget (SUBSCRIBE_RATE_LIMIT_PER_MINUTE, 5 by default) however many subscriptions it creates: 5 monitors at most,
 * so importing creates at most as many subscriptions a minute as 5 subscribes a request would, not 20 times more.
 */
export const MAX_IMPORT_MONITORS = 5;
export const MAX_IMPORT_NETWORKS = 50;
export const MAX_IMPORT_TRIGGER_FILES = 20;
export const MAX_TRIGGERS_PER_FILE = 50;

/** What one import will create: every subscription already decoded and checked, nothing written yet. */
export interface ImportPlan {
  readonly subscriptions: readonly {
    readonly file: string;
    readonly command: SubscribeCommand;
    readonly paused: boolean;
  }[];
  readonly notMapped: readonly NotMapped[];
}

function objects(value: unknown, max: number): Record<string, unknown>[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > max) return undefined;
  return value.every(isJsonObject) ? value : undefined;
}

function networksBySlug(networks: readonly Record<string, unknown>[]) {
  const bySlug = new Map<string, { file: string; network: Record<string, unknown> }>();
  networks.forEach((network, i) => {
    if (typeof network.slug === "string" && !bySlug.has(network.slug))
      bySlug.set(network.slug, { file: `networks[${i}]`, network });
  });
  return bySlug;
}

function triggersByName(files: readonly Record<string, unknown>[], notMapped: NotMapped[]) {
  const byName = new Map<string, FoundTrigger>();
  files.forEach((triggers, i) => {
    for (const [name, trigger] of Object.entries(triggers)) {
      if (byName.has(name))
        notMapped.push({
          file: `triggers[${i}]`,
          field: name,
          reason: `trigger ${name} already given; the first is used`,
        });
      else byName.set(name, { file: `triggers[${i}]`, trigger });
    }
  });
  return byName;
}

/**
 * `{monitors, networks?, triggers?}`: OpenZeppelin Monitor's JSON files as parsed. Everything is mapped and
 * decoded here, before any write: a mapped subscription that Protocol Guard would refuse refuses the import
 * (`invalid_request`, field `monitors[i].<field>`), what has no counterpart is listed in `notMapped`.
 */
export function planOzImport(
  body: unknown,
  chainId: number,
  parse: SignatureParser,
): E.Either<GuardInputError, ImportPlan> {
  if (!isJsonObject(body)) return refuse("body");
  const extra = unknownKey(body, ["monitors", "networks", "triggers"]);
  if (extra !== undefined) return refuse(extra);
  const monitors = objects(body.monitors, MAX_IMPORT_MONITORS);
  if (monitors === undefined || monitors.length === 0) return refuse("monitors");
  const networks = objects(body.networks, MAX_IMPORT_NETWORKS);
  if (networks === undefined) return refuse("networks");
  const triggerFiles = objects(body.triggers, MAX_IMPORT_TRIGGER_FILES);
  if (triggerFiles === undefined || triggerFiles.some((f) => Object.keys(f).length > MAX_TRIGGERS_PER_FILE))
    return refuse("triggers");
  const notMapped: NotMapped[] = [];
  const sources = {
    networks: networksBySlug(networks),
    triggers: triggersByName(triggerFiles, notMapped),
    chainId,
    parse,
  };
  const subscriptions: ImportPlan["subscriptions"][number][] = [];
  for (const [i, monitor] of monitors.entries()) {
    const mapped = mapMonitor(`monitors[${i}]`, monitor, sources, notMapped);
    if (mapped === undefined) continue;
    const command = decodeSubscribeRequest(mapped.body, parse);
    if (E.isLeft(command)) return refuse(`monitors[${i}].${command.left.field ?? "body"}`);
    subscriptions.push({ file: mapped.file, command: command.right, paused: mapped.paused });
  }
  return E.right({ subscriptions, notMapped });
}
