import { SuiGraphQLClient } from "@mysten/sui/graphql";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { SuiGraphQLChain } from "../adapters/sui/sui-graphql-chain.adapter";
import type { SuiChain } from "../application/ports/sui-chain.port";
import { asSuiAddress, type SuiAddress } from "../domain/sui/sui-address";
import type { Config } from "./config/config";

/** The oracle key: configured (suiprivkey...), or in the embedded default a fresh one per process. */
export function suiOracleKey(config: Config): Ed25519Keypair {
  const configured = config.env.SUI_ORACLE_PRIVATE_KEY;
  return configured === undefined ? new Ed25519Keypair() : Ed25519Keypair.fromSecretKey(configured);
}

export const suiOracleAddress = (key: Ed25519Keypair): SuiAddress => asSuiAddress(key.toSuiAddress());

/** With SUI_GRAPHQL_URL: the real adapter (config decoding already refused a missing registry, package or key). */
export function suiGraphQLChain(config: Config): SuiChain | null {
  const { SUI_GRAPHQL_URL: url, SUI_REGISTRY_ID: registryId, SUI_PACKAGE_ID: packageId } = config.env;
  if (url === undefined || registryId === undefined || packageId === undefined) return null;
  const client = new SuiGraphQLClient({ url, network: config.env.SUI_NETWORK });
  return new SuiGraphQLChain(client, { registryId, packageId }, suiOracleKey(config));
}
