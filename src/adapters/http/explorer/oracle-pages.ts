import * as E from "fp-ts/Either";
import type { Context } from "koa";
import type { ListSnapshots } from "../../../application/use-cases/scoring/list-snapshots.use-case";
import type { ScoredAddress } from "../../../application/use-cases/scoring/scored-address";
import { statusOf, type ApiError } from "../api-error";
import { addressPage } from "./address-page";
import { addressView } from "./address-view";
import { sendPage } from "./layout";
import type { ChainLinks } from "./links";
import { oracleErrorPage, paywallChallenge, paywallPage } from "./paywall-page";

/** The oracle's answers for a person in a browser: the paywall, the bought answer as a page, refusals. */
export interface OracleBrowserPages {
  readonly answer: (ctx: Context, scored: ScoredAddress, paid: boolean) => Promise<void>;
  readonly refusal: (ctx: Context, error: ApiError, address: string, resourceUrl: string) => void;
}

export function oracleBrowserPages(deps: {
  readonly listSnapshots: Pick<ListSnapshots, "execute">;
  readonly links: ChainLinks;
}): OracleBrowserPages {
  return {
    answer: async (ctx, scored, paid) => {
      const history = await deps.listSnapshots.execute(scored.address, 20)();
      const view = addressView(scored, E.isRight(history) ? history.right : [], paid);
      sendPage(ctx, 200, addressPage(view, deps.links));
    },
    refusal: (ctx, error, address, resourceUrl) => {
      for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
      const body =
        error.code === "payment_required"
          ? paywallPage(paywallChallenge(error.fields ?? {}, error.headers ?? {}), address, resourceUrl)
          : oracleErrorPage(
              error.code,
              address,
              typeof error.fields?.reason === "string" ? error.fields.reason : undefined,
            );
      sendPage(ctx, statusOf(error.code), body);
    },
  };
}
