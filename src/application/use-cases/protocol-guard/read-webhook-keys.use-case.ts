import * as TE from "fp-ts/TaskEither";
import { inject, injectable } from "inversify";
import { WebhookKeys } from "../../ports/webhook-keys.port";

/** GET /.well-known/credence-webhooks.json: the ed25519 keys that verify `v1a,` webhook signatures. */
@injectable()
export class ReadWebhookKeys {
  constructor(@inject(WebhookKeys) private readonly keys: WebhookKeys) {}

  /** Never fails: the keys are the service's own. */
  execute(): TE.TaskEither<never, { readonly keys: ReturnType<WebhookKeys["publicKeys"]> }> {
    return TE.right({ keys: this.keys.publicKeys() });
  }
}
