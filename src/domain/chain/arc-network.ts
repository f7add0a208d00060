import type { Address } from "./address";

/**
 * What differs between Arc testnet and Arc mainnet (ARC_NETWORK), each value from the network's own
 * documentation (docs/agents.md, "Arc mainnet", names the sources):
 * - chain ids: docs.arc.network (testnet 5042002), Alchemy's and Bitquery's Arc mainnet pages (5042);
 * - USDC: the ERC-20 interface of native USDC sits at 0x3600…0000 on both (docs.arc.network contract
 *   addresses for testnet; Bitquery's mainnet page and BlockRun's Arc release for mainnet);
 * - x402 names: v2 is CAIP-2 `eip155:<chainId>` (x402 network-and-token-support); v1 names are
 *   free-form strings: "arc-testnet" as the testnet is indexed and served, "arc" for mainnet.
 */
export interface ArcNetwork {
  readonly name: ArcNetworkName;
  readonly chainId: number;
  /** x402 v1 `network`. */
  readonly x402V1Network: string;
  /** x402 v2 `network` (CAIP-2). */
  readonly caip2: string;
  /** Circle's USDC (the ERC-20 interface of the native balance, 6 decimals). */
  readonly usdc: Address;
  /** Human explorer: `${explorerUrl}/address/<address>`, `${explorerUrl}/tx/<hash>`. */
  readonly explorerUrl: string;
}

export const ARC_NETWORK_NAMES = ["testnet", "mainnet"] as const;
export type ArcNetworkName = (typeof ARC_NETWORK_NAMES)[number];

const ARC_USDC = "0x3600000000000000000000000000000000000000" as Address;

export const ARC_NETWORKS: { readonly [K in ArcNetworkName]: ArcNetwork } = {
  testnet: {
    name: "testnet",
    chainId: 5042002,
    x402V1Network: "arc-testnet",
    caip2: "eip155:5042002",
    usdc: ARC_USDC,
    explorerUrl: "https://testnet.arcscan.app",
  },
  mainnet: {
    name: "mainnet",
    chainId: 5042,
    x402V1Network: "arc",
    caip2: "eip155:5042",
    usdc: ARC_USDC,
    explorerUrl: "https://explorer.arc.io",
  },
};

/** The Arc network of a chain id (either name form of the x402 network works too), or null. */
export function arcNetworkOf(network: string | number): ArcNetwork | null {
  for (const arc of Object.values(ARC_NETWORKS)) {
    if (network === arc.chainId || network === arc.x402V1Network || network === arc.caip2) return arc;
  }
  return null;
}
