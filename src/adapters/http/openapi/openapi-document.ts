import { withExamples } from "./examples";
import { paths } from "./paths";
import { schemas } from "./schemas";

export function openApiDocument(serverUrl: string): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Credence",
      version: "0.1.0",
      description:
        "Trust scores for wallets, ERC-20 tokens and NFT contracts, with the on-chain evidence behind every flag. " +
        "Errors are `{error: <code>}`; each response lists the codes it can carry. Any request may also get " +
        "`405 method_not_allowed` (another method), `431 headers_too_large` or `400 invalid_request` (a request the " +
        "HTTP parser refuses), `413 payload_too_large` and `404 route_not_found`.",
    },
    servers: [{ url: serverUrl }],
    paths: withExamples(paths),
    // What Protocol Guard POSTs to a webhook channel (signed per Standard Webhooks; see docs/protocol-guard.md).
    webhooks: {
      "protocol_guard.alert": {
        post: {
          summary: "A Protocol Guard alert: a wallet's review or block, or a block_skipped notice",
          requestBody: {
            content: { "application/json": { schema: { $ref: "#/components/schemas/GuardAlertPayload" } } },
          },
          responses: { "2XX": { description: "received (410 disables the channel; anything else is retried)" } },
        },
      },
    },
    components: { schemas },
  };
}
