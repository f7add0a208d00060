import * as E from "fp-ts/Either";
import { decodeChannelTargets, type ChannelTarget } from "./channels";
import { isJsonObject } from "./guard-input-error";

/** Something of an OpenZeppelin Monitor file that has no counterpart here, and why. */
export interface NotMapped {
  /** Where it came from in the request: `monitors[0]`, `networks[2]`, `triggers[1]` (the CLI shows file names). */
  readonly file: string;
  readonly field: string;
  readonly reason: string;
}

/** A trigger as found in a trigger file (each file maps trigger names to triggers). */
export interface FoundTrigger {
  readonly file: string;
  readonly trigger: unknown;
}

/**
 * OpenZeppelin Monitor's secret values: `{type: "plain" | "environment" | "hashicorp_cloud_vault", value}`.
 * Only plain values are used here; `npm run guard:import` resolves environment values on the operator's
 * machine before sending, the HTTP route never reads this service's environment for a caller.
 */
function plainValue(value: unknown): string | { readonly reason: string } {
  if (typeof value === "string") return value;
  if (!isJsonObject(value) || typeof value.value !== "string") return { reason: "missing or not a secret value" };
  switch (value.type) {
    case "plain":
      return value.value;
    case "environment":
      return { reason: "an environment value is resolved only by `npm run guard:import`, never by the HTTP route" };
    default:
      return { reason: `secret values of type ${String(value.type)} are not read` };
  }
}

const MESSAGE_REASON = "message templates are not used: Protocol Guard sends its own alert text or signed payload";
const EMAIL_SERVER_REASON = "email goes out through this service's SMTP_URL and SMTP_FROM, not the trigger's server";

/** Channel targets for one trigger; what is left out is pushed onto `notMapped`. */
export function mapTrigger(name: string, found: FoundTrigger, notMapped: NotMapped[]): ChannelTarget[] {
  const miss = (field: string, reason: string) =>
    notMapped.push({ file: found.file, field: `${name}.${field}`, reason });
  const trigger = found.trigger;
  const config = isJsonObject(trigger) && isJsonObject(trigger.config) ? trigger.config : undefined;
  if (!isJsonObject(trigger) || config === undefined) {
    miss("config", "not a trigger object with a config");
    return [];
  }
  const type = trigger.trigger_type;
  if (config.message !== undefined) miss("config.message", MESSAGE_REASON);
  const urlTarget = (kind: "webhook" | "slack" | "discord", key: string): ChannelTarget[] => {
    const url = plainValue(config[key]);
    if (typeof url !== "string") return (miss(`config.${key}`, url.reason), []);
    return [{ type: kind, url }];
  };
  let targets: ChannelTarget[];
  switch (type) {
    case "webhook":
      if (config.method !== undefined && config.method !== "POST") miss("config.method", "Protocol Guard always POSTs");
      if (config.secret !== undefined)
        miss("config.secret", "not used: Protocol Guard signs with its own whsec_ secret, shown once in the answer");
      if (isJsonObject(config.headers) && Object.keys(config.headers).some((h) => h.toLowerCase() !== "content-type"))
        miss("config.headers", "custom headers are not sent");
      targets = urlTarget("webhook", "url");
      break;
    case "slack":
      targets = urlTarget("slack", "slack_url");
      break;
    case "discord":
      targets = urlTarget("discord", "discord_url");
      break;
    case "telegram": {
      const token = plainValue(config.token);
      const chatId = config.chat_id;
      if (typeof token !== "string") return (miss("config.token", token.reason), []);
      if (typeof chatId !== "string" && typeof chatId !== "number") return (miss("config.chat_id", "missing"), []);
      targets = [{ type: "telegram", botToken: token, chatId: String(chatId) }];
      break;
    }
    case "email": {
      miss("config.host", EMAIL_SERVER_REASON);
      const recipients = Array.isArray(config.recipients) ? config.recipients : [];
      targets = recipients.map((to) => ({ type: "email" as const, to: String(to) }));
      if (targets.length === 0) miss("config.recipients", "no recipients");
      break;
    }
    default:
      miss("trigger_type", `${String(type)} triggers have no Protocol Guard channel (scripts are never run here)`);
      return [];
  }
  // Each target is checked on its own, so one bad URL drops that channel and is reported, not the import.
  return targets.filter((target) => {
    const ok = E.isRight(decodeChannelTargets([target]));
    if (!ok) miss("config", `not a valid ${target.type} target for Protocol Guard`);
    return ok;
  });
}
