import type { Context } from "koa";
import { statusOf, type ApiError } from "./api-error";

/** Writes an error as `{error: <code>, ...fields}` with the status the code maps to. */
export function sendError(ctx: Context, error: ApiError): void {
  ctx.status = statusOf(error.code);
  for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
  ctx.body = { error: error.code, ...error.fields };
}

/** JSON-safe body: bigint amounts become decimal strings at the edge. */
export function sendJson(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.type = "application/json";
  ctx.body = JSON.stringify(body, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

export function sendNotImplemented(ctx: Context): void {
  sendError(ctx, { code: "not_implemented" });
}
