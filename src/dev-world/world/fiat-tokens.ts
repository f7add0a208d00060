import type { Address } from "../../domain/chain/address";
import type { CompiledContract } from "../compile";
import type { ChainWriter, ContractHandle, WorldWallet } from "./chain-writer";

/** Where Arc testnet keeps USDC's ERC-20 interface; the embedded chain uses the same address. */
export const USDC_ADDRESS = "0x3600000000000000000000000000000000000000" as Address;
/** EURC on the embedded chain: a fixed address next to USDC (Arc's own EURC address is configured in production). */
export const EURC_ADDRESS = "0x3600000000000000000000000000000000000001" as Address;

export interface OfficialIssuer {
  readonly symbol: string;
  readonly name: string;
  readonly currency: string;
  readonly address: Address;
  readonly decimals: number;
}

/** Stablecoins issued by a regulated issuer: the API contract short-circuits them to tier VERIFIED. */
export const OFFICIAL_ISSUERS: readonly OfficialIssuer[] = [
  { symbol: "USDC", name: "USDC", currency: "USD", address: USDC_ADDRESS, decimals: 6 },
  { symbol: "EURC", name: "EURC", currency: "EUR", address: EURC_ADDRESS, decimals: 6 },
];

/**
 * Places the FiatToken runtime code at the issuer's fixed address and queues its one-shot
 * initialize() (constructors do not run under hardhat_setCode). The caller mines the block.
 */
export async function installFiatToken(
  writer: ChainWriter,
  artifact: CompiledContract,
  issuer: OfficialIssuer,
  minter: WorldWallet,
): Promise<ContractHandle> {
  await writer.rpc("hardhat_setCode", [issuer.address, artifact.deployedBytecode]);
  const token = writer.handle(issuer.address, artifact.abi);
  await writer.call(minter, token, "initialize", [
    issuer.name,
    issuer.symbol,
    issuer.currency,
    issuer.decimals,
    minter.address,
  ]);
  return token;
}
