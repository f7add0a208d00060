import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { UncheckedJson } from "../../http/support/http-client";

/** One `npm run mcp` process, driven by the MCP SDK's own client over stdio. */
export interface McpSession {
  readonly client: Client;
  /** Calls a tool and parses the JSON text it answers with. */
  readonly call: (name: string, args: Record<string, unknown>) => Promise<UncheckedJson>;
  readonly close: () => Promise<void>;
}

export interface McpEnv {
  readonly baseUrl: string;
  readonly payerKey: string;
  readonly spendLimitAtomic: bigint;
}

export async function mcpSession(env: McpEnv): Promise<McpSession> {
  const client = new Client({ name: "credence-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", "scripts/mcp/credence-mcp.ts"],
      env: {
        PATH: process.env.PATH ?? "",
        CREDENCE_BASE_URL: env.baseUrl,
        CREDENCE_PAYER_PRIVATE_KEY: env.payerKey,
        CREDENCE_SPEND_LIMIT_ATOMIC: env.spendLimitAtomic.toString(),
      },
      stderr: "pipe",
    }),
  );
  return {
    client,
    call: async (name, args) => {
      const result = (await client.callTool({ name, arguments: args })) as {
        content: { type: string; text: string }[];
      };
      return JSON.parse(result.content[0]!.text);
    },
    close: () => client.close(),
  };
}
