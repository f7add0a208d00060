import type { Context } from "koa";
import { statusOf, type ApiError } from "./api-error";

/** Writes an error as `{error: <code>, ...fields}` with the status the code maps to. */
export function sendError(ctx: Context, error: ApiError): void {
  ctx.status = statusOf(error.code);
  for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
  ctx.body = { error: error.code, ...error.fields };
}

/** What `ctx.type = "application/json"` sets, without a MIME lookup on every answer. */
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

const bigintAsDecimal = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/**
 * JSON text with bigint amounts as decimal strings. Plain JSON.stringify first: a replacer is called for every
 * value of every body, and only some bodies hold a bigint (which makes the plain call throw a TypeError).
 */
function toJson(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(body, bigintAsDecimal);
  }
}

/** JSON-safe body: bigint amounts become decimal strings at the edge. */
export function sendJson(ctx: Context, status: number, body: unknown): void {
  sendJsonText(ctx, status, toJson(body));
}

/** A body already written as JSON text (a cached answer's). */
export function sendJsonText(ctx: Context, status: number, json: string): void {
  ctx.status = status;
  ctx.set("Content-Type", JSON_CONTENT_TYPE);
  ctx.body = json;
}

export function sendNotImplemented(ctx: Context): void {
  sendError(ctx, { code: "not_implemented" });
}
