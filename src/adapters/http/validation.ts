import type { Context } from "koa";
import * as E from "fp-ts/Either";
import * as t from "io-ts";
import { parseAddress, type Address } from "../../domain/chain/address";
import { apiError, type ApiError, type ApiErrorCode } from "./api-error";

/** The `:address` path parameter, or `400 invalid_address` (or the path's own code). */
export function addressParam(
  params: Readonly<Record<string, string | undefined>>,
  code: ApiErrorCode = "invalid_address",
): E.Either<ApiError, Address> {
  const address = parseAddress(params.address);
  return address === undefined ? E.left(apiError(code)) : E.right(address);
}

/** Decodes a value with an io-ts codec; any mismatch becomes the given error code. */
export function decodeAs<A>(codec: t.Decoder<unknown, A>, value: unknown, code: ApiErrorCode): E.Either<ApiError, A> {
  return E.mapLeft(() => apiError(code))(codec.decode(value));
}

/** The parsed JSON body (set by the json-body middleware). */
export function bodyOf(ctx: Context): unknown {
  return ctx.request.jsonBody;
}

/** A plain JSON object (not an array, not null), for bodies whose fields are checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `?name=<integer>` as a number; absent or not an integer gives undefined (use-cases clamp and default). */
export function intQuery(value: unknown): number | undefined {
  return typeof value === "string" && /^-?\d{1,15}$/.test(value) ? Number(value) : undefined;
}
