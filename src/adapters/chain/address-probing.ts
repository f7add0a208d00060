import type { CallOutcome } from "../../application/ports/chain-reader.port";
import { ZERO_ADDRESS } from "../../domain/chain/address";
import type { AddressKind, Hex, TokenMetadata } from "../../domain/chain/chain-types";
import { decodeBool, decodeText, decodeWord, INTERFACE_IDS, probeCalldata } from "./abi-probes";

/** eth_call against the contract being probed. */
export type Probe = (data: Hex) => Promise<CallOutcome>;

/** EIP-7702: an EOA that delegated to code still is an EOA (its code is `0xef0100 || address`). */
export function isEoaCode(code: Hex): boolean {
  return code === "0x" || (code.startsWith("0xef0100") && code.length === 48);
}

async function answer(probe: Probe, data: Hex): Promise<Hex | null> {
  const outcome = await probe(data);
  return outcome.ok ? outcome.returnData : null;
}

async function supports(probe: Probe, interfaceId: string): Promise<boolean> {
  const data = await answer(probe, probeCalldata.supportsInterface(interfaceId));
  return data !== null && decodeBool(data) === true;
}

/** ERC-165's own detection recipe: true for its id, false for 0xffffffff. */
async function implementsErc165(probe: Probe): Promise<boolean> {
  const [claims, liesAboutInvalid] = await Promise.all([
    supports(probe, INTERFACE_IDS.erc165),
    supports(probe, INTERFACE_IDS.invalid),
  ]);
  return claims && !liesAboutInvalid;
}

/**
 * ERC-20 has no ERC-165 id, so it is recognised by answering its views with well-formed words.
 * decimals() is optional in the standard but near universal, and it tells an ERC-20 apart from
 * an ERC-721 without ERC-165 (which has totalSupply and balanceOf too).
 */
async function answersLikeErc20(probe: Probe): Promise<boolean> {
  const [supply, balance, decimals] = await Promise.all([
    answer(probe, probeCalldata.totalSupply()),
    answer(probe, probeCalldata.balanceOf(ZERO_ADDRESS)),
    answer(probe, probeCalldata.decimals()),
  ]);
  const decimalsValue = decimals === null ? null : decodeWord(decimals);
  return (
    supply !== null &&
    decodeWord(supply) !== null &&
    balance !== null &&
    decodeWord(balance) !== null &&
    decimalsValue !== null &&
    decimalsValue <= 255n
  );
}

/** Classifies an address that has code. NFT interfaces are checked first: enumerable ERC-721s have totalSupply. */
export async function classifyContract(probe: Probe): Promise<AddressKind> {
  if (await implementsErc165(probe)) {
    const [erc721, erc1155] = await Promise.all([
      supports(probe, INTERFACE_IDS.erc721),
      supports(probe, INTERFACE_IDS.erc1155),
    ]);
    if (erc721) return "erc721";
    if (erc1155) return "erc1155";
  }
  return (await answersLikeErc20(probe)) ? "erc20" : "contract";
}

/** Each field independently: a token without name() still has a supply worth knowing. */
export async function readTokenMetadata(probe: Probe): Promise<TokenMetadata> {
  const [name, symbol, decimals, totalSupply] = await Promise.all([
    answer(probe, probeCalldata.name()),
    answer(probe, probeCalldata.symbol()),
    answer(probe, probeCalldata.decimals()),
    answer(probe, probeCalldata.totalSupply()),
  ]);
  const decimalsWord = decimals === null ? null : decodeWord(decimals);
  return {
    name: name === null ? null : decodeText(name),
    symbol: symbol === null ? null : decodeText(symbol),
    decimals: decimalsWord !== null && decimalsWord <= 255n ? Number(decimalsWord) : null,
    totalSupply: totalSupply === null ? null : decodeWord(totalSupply),
  };
}
