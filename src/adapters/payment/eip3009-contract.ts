import { type JsonRpcProvider, Network, type TypedDataDomain } from "ethers";
import { NativeJsonRpcProvider, nativeConnection } from "../shared/native-json-rpc-provider";
import { rpcEndpointsOf, type RpcTarget } from "../shared/rpc-endpoint-failover";
import type { Eip3009Authorization } from "../../domain/payment/payment-proof";
import type { PaymentTerms } from "../../domain/payment/payment-terms";

/** The slice of a FiatToken v2 (USDC) that payments use. */
export const EIP3009_ABI = [
  "function balanceOf(address owner) view returns (uint256)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
] as const;

/** The v,r,s overload: every FiatToken version has it (the bytes overload arrived in v2.2). */
export const TRANSFER_WITH_AUTHORIZATION_VRS =
  "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)";

export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
};

/** USDC's EIP-712 domain: name and version from `extra`, our chain, the token as verifier. */
export function eip3009Domain(terms: PaymentTerms): TypedDataDomain {
  return { name: terms.assetName, version: terms.assetVersion, chainId: terms.chainId, verifyingContract: terms.asset };
}

export function authorizationMessage(authorization: Eip3009Authorization): Record<string, unknown> {
  return { ...authorization };
}

export interface EthersPaymentOptions {
  /** One URL, or the RPC_URL list's failover (a settlement is sent to a second node only if the first refused it). */
  readonly rpcUrl: RpcTarget;
  readonly chainId: number;
  /** Per HTTP request to the node, default 10 s. */
  readonly timeoutMs?: number;
}

export const EthersPaymentOptions = Symbol.for("EthersPaymentOptions");

/**
 * A provider for payments: static network (no detection round trip); no response cache,
 * because a cached nonce or authorization state is exactly what replay protection must not
 * see; and no request batching, whose 10 ms stall per round trip tripled verification time.
 */
export function paymentProvider(options: EthersPaymentOptions): JsonRpcProvider {
  const endpoints = rpcEndpointsOf(options.rpcUrl);
  const connection = nativeConnection(endpoints.primaryUrl);
  connection.timeout = options.timeoutMs ?? 10_000;
  const network = Network.from(options.chainId);
  const settings = { staticNetwork: network, cacheTimeout: -1, batchMaxCount: 1 };
  return new NativeJsonRpcProvider(connection, network, settings, endpoints);
}
