import type { Middleware } from "koa";
import { sendError } from "../respond";
import { exceedsDepth, jsonShapeDefect } from "./json-shape";

/** the API contract bodies are small JSON documents; anything larger is refused before it is buffered. */
export const MAX_BODY_BYTES = 64 * 1024;

declare module "koa" {
  interface Request {
    /** The parsed JSON body of a POST/PUT/PATCH, `undefined` for other methods. */
    jsonBody?: unknown;
  }
}

const WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * Reads and parses JSON bodies for every method that carries one. Malformed or empty JSON is
 * `400 invalid_json`, and so is a document deeper than 32 levels, with more than 10,000 values,
 * or with a key or string that is ill-formed UTF-16 or holds a control character (`reason` says which); more than 64 KiB is `413 payload_too_large`, whatever Content-Length claims.
 */
export function jsonBody(): Middleware {
  return async (ctx, next) => {
    if (!WITH_BODY.has(ctx.method)) return next();
    const declared = Number(ctx.get("Content-Length") || 0);
    if (declared > MAX_BODY_BYTES)
      return sendError(ctx, { code: "payload_too_large", fields: { maxBytes: MAX_BODY_BYTES } });
    let raw: string | null;
    try {
      raw = await readLimited(ctx.req, MAX_BODY_BYTES);
    } catch {
      // The client went away or sent a broken stream: nothing valid arrived.
      return sendError(ctx, { code: "invalid_json" });
    }
    if (raw === null) {
      // Stop reading the rest of an oversized upload.
      ctx.set("Connection", "close");
      return sendError(ctx, { code: "payload_too_large", fields: { maxBytes: MAX_BODY_BYTES } });
    }
    if (exceedsDepth(raw)) return sendError(ctx, { code: "invalid_json", fields: { reason: "too_deep" } });
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw) as unknown;
    } catch {
      return sendError(ctx, { code: "invalid_json" });
    }
    const defect = jsonShapeDefect(parsed);
    if (defect !== null) return sendError(ctx, { code: "invalid_json", fields: { reason: defect } });
    ctx.request.jsonBody = parsed;
    return next();
  };
}

/** The body as text, or null once it passes `limit` bytes. */
async function readLimited(stream: AsyncIterable<Buffer>, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
