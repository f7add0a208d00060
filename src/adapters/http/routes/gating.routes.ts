import Router, { type RouterContext } from "@koa/router";
import * as E from "fp-ts/Either";
import type { Middleware } from "koa";
import type { TaskEither } from "fp-ts/TaskEither";
import type { CheckGate } from "../../../application/use-cases/gating/check-gate.use-case";
import type { GatingFailure } from "../../../application/use-cases/gating/gating-failure";
import type { GetGatingSchema } from "../../../application/use-cases/gating/get-gating-schema.use-case";
import type { IssueAttestation } from "../../../application/use-cases/gating/issue-attestation.use-case";
import type { VerifyAttestation } from "../../../application/use-cases/gating/verify-attestation.use-case";
import type { IssueEasAttestation } from "../../../application/use-cases/gating/issue-eas-attestation.use-case";
import type { RevokeAttestation } from "../../../application/use-cases/gating/revoke-attestation.use-case";
import type { ListRevocations } from "../../../application/use-cases/gating/list-revocations.use-case";
import { decodeRevokeRequest } from "../../../domain/gating/revocation";
import { decodeAttestRequest } from "../../../domain/gating/attest-request";
import { decodeCheckRequest } from "../../../domain/gating/check-request";
import type { GatingInputError } from "../../../domain/gating/gating-input-error";
import { decodeVerifyRequest } from "../../../domain/gating/verify-request";
import { sendError, sendJson } from "../respond";
import { bodyOf } from "../validation";
import { infallible } from "../../../application/infallible";

export interface GatingRouteDeps {
  readonly issueAttestation: IssueAttestation;
  readonly issueEasAttestation: IssueEasAttestation;
  readonly revokeAttestation: RevokeAttestation;
  readonly listRevocations: ListRevocations;
  /** Revoking is the operator's act: the operator credential (OPERATOR_API_KEYS); a platform key is refused. */
  readonly operatorAuth: Middleware;
  readonly verifyAttestation: VerifyAttestation;
  readonly checkGate: CheckGate;
  readonly getGatingSchema: GetGatingSchema;
  /** attest and check compute a score: one per-client budget for both (GATING_RATE_LIMIT_PER_MINUTE). */
  readonly rateLimit: Middleware;
}

/** Decode, run, answer: input errors are 400, a failed scoring is 502 (fail closed). */
async function answer<C, R>(
  ctx: RouterContext,
  decode: (body: unknown) => E.Either<GatingInputError, C>,
  run: (command: C) => TaskEither<GatingFailure, R>,
  okStatus: number,
): Promise<void> {
  const command = decode(bodyOf(ctx));
  if (E.isLeft(command)) return sendError(ctx, { code: command.left.code });
  const result = await run(command.right)();
  if (E.isLeft(result)) {
    ctx.state.log.warn({ detail: result.left.detail }, result.left.code);
    return sendError(ctx, { code: result.left.code });
  }
  sendJson(ctx, okStatus, result.right);
}

/** Gating is backend-only: no CORS headers on any of these paths. */
export function gatingRoutes(deps: GatingRouteDeps): Router {
  const router = new Router();
  router.post("/api/gating/attest", deps.rateLimit, (ctx) =>
    answer(
      ctx,
      decodeAttestRequest,
      (c) =>
        c.format === "eas"
          ? (deps.issueEasAttestation.execute(c) as TaskEither<GatingFailure, unknown>)
          : deps.issueAttestation.execute(c),
      201,
    ),
  );
  router.post("/api/gating/check", deps.rateLimit, (ctx) =>
    answer(ctx, decodeCheckRequest, (c) => deps.checkGate.execute(c), 200),
  );
  router.post("/api/gating/verify", async (ctx) => {
    const command = decodeVerifyRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, { code: command.left.code });
    sendJson(ctx, 200, await infallible(deps.verifyAttestation.execute(command.right)));
  });
  router.get("/api/gating/schema", async (ctx) => {
    ctx.body = await infallible(deps.getGatingSchema.execute());
  });
  router.post("/api/gating/revoke", deps.operatorAuth, async (ctx) => {
    const command = decodeRevokeRequest(bodyOf(ctx));
    if (E.isLeft(command)) return sendError(ctx, { code: command.left.code });
    const result = await deps.revokeAttestation.execute(command.right)();
    if (E.isLeft(result)) {
      ctx.state.log.warn({ detail: result.left.detail }, "revocation store failed");
      return sendError(ctx, { code: "storage_unavailable" });
    }
    sendJson(ctx, 200, result.right);
  });
  router.get("/api/gating/revocations", async (ctx) => {
    const result = await deps.listRevocations.execute()();
    if (E.isLeft(result)) {
      ctx.state.log.warn({ detail: result.left.detail }, "revocation store failed");
      return sendError(ctx, { code: "storage_unavailable" });
    }
    // Notes are published as JSON data; no client may sniff the list into anything that renders markup.
    ctx.set("X-Content-Type-Options", "nosniff");
    sendJson(ctx, 200, result.right);
  });
  return router;
}
