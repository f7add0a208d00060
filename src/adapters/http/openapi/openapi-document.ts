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
        "Errors are `{error: <code>}`; each response lists the codes it can carry.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { schemas },
  };
}
