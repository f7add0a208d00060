import type { JsonRpcProvider, TypedDataField, Wallet } from "ethers";
import type { Page } from "playwright-core";

/** What the page's wallet was asked, in order (methods only: the test reads what was signed from the chain). */
export interface WalletLog {
  readonly methods: string[];
}

/**
 * An injected EIP-1193 wallet (window.ethereum) backed by a dev key on the Node side: accounts, chain id and
 * block reads from the chain, eth_signTypedData_v4 signed by the key. What a browser extension wallet offers,
 * without the extension.
 */
export async function injectTestWallet(page: Page, wallet: Wallet, provider: JsonRpcProvider): Promise<WalletLog> {
  const log: WalletLog = { methods: [] };
  const chainId = (await provider.getNetwork()).chainId;
  await page.exposeFunction("__credenceTestWallet", async (method: string, paramsJson: string): Promise<string> => {
    log.methods.push(method);
    const params = JSON.parse(paramsJson) as unknown[];
    switch (method) {
      case "eth_requestAccounts":
      case "eth_accounts":
        return JSON.stringify([wallet.address]);
      case "eth_chainId":
        return JSON.stringify(`0x${chainId.toString(16)}`);
      case "eth_getBlockByNumber":
        return JSON.stringify(await provider.send(method, params));
      case "eth_signTypedData_v4": {
        const [from, data] = params as [string, string];
        if (from.toLowerCase() !== wallet.address.toLowerCase()) throw new Error(`not this wallet's account: ${from}`);
        const typed = JSON.parse(data) as {
          types: Record<string, TypedDataField[]>;
          domain: Record<string, unknown>;
          message: Record<string, unknown>;
        };
        const { EIP712Domain: _domain, ...types } = typed.types;
        return JSON.stringify(await wallet.signTypedData(typed.domain, types, typed.message));
      }
      default:
        throw new Error(`the test wallet does not serve ${method}`);
    }
  });
  // Runs in the page, as text: a function would be serialized with the test transpiler's helpers, unknown there.
  await page.addInitScript(`
    window.ethereum = {
      isCredenceTestWallet: true,
      request: async ({ method, params }) =>
        JSON.parse(await window.__credenceTestWallet(method, JSON.stringify(params ?? []))),
    };
  `);
  return log;
}
