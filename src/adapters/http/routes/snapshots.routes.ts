import Router from "@koa/router";
import * as E from "fp-ts/Either";
import type { GetSnapshot } from "../../../application/use-cases/scoring/get-snapshot.use-case";
import type { ListSnapshots } from "../../../application/use-cases/scoring/list-snapshots.use-case";
import { sendError, sendJson } from "../respond";
import { addressParam, intQuery } from "../validation";

export interface SnapshotRouteDeps {
  readonly listSnapshots: ListSnapshots;
  readonly getSnapshot: GetSnapshot;
}

/** `?id=snap_<id>`: one snapshot or 404 not_found; otherwise newest first, `limit` clamped 1..50 (default 20). */
export function snapshotRoutes(deps: SnapshotRouteDeps): Router {
  const router = new Router();
  router.get("/api/snapshots/:address", async (ctx) => {
    const address = addressParam(ctx.params);
    if (E.isLeft(address)) return sendError(ctx, address.left);
    const { id, limit } = ctx.query;
    if (typeof id === "string") {
      const snapshot = await deps.getSnapshot.execute(address.right, id)();
      if (E.isLeft(snapshot))
        return sendError(ctx, {
          code: snapshot.left._tag === "SnapshotNotFound" ? "not_found" : "storage_unavailable",
        });
      return sendJson(ctx, 200, snapshot.right);
    }
    const snapshots = await deps.listSnapshots.execute(address.right, intQuery(limit))();
    if (E.isLeft(snapshots)) return sendError(ctx, { code: "storage_unavailable" });
    sendJson(ctx, 200, { address: address.right, snapshots: snapshots.right });
  });
  return router;
}
