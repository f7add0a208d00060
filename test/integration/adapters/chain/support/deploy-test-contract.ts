import { BrowserProvider, Contract, ContractFactory, type JsonRpcSigner } from "ethers";
import { asAddress, type Address } from "../../../../../src/domain/chain/address";
import type { EmbeddedChain } from "../../../../../src/dev-world/embedded-chain";
import { compileTestContracts } from "./compile-test-contracts";

/** A dev account as an ethers signer, talking to the chain in-process (no HTTP, faster seeding). */
export async function devSigner(chain: EmbeddedChain, index: number): Promise<JsonRpcSigner> {
  const account = chain.accounts[index];
  if (account === undefined) throw new Error(`no dev account ${index}`);
  const provider = new BrowserProvider(chain.provider, chain.chainId, { polling: false, cacheTimeout: -1 });
  return provider.getSigner(account.address);
}

export interface Deployed {
  readonly address: Address;
  readonly contract: Contract;
  readonly txHash: string;
}

export async function deployTestContract(
  signer: JsonRpcSigner,
  name: string,
  args: readonly unknown[] = [],
): Promise<Deployed> {
  const compiled = (await compileTestContracts())[name];
  if (compiled === undefined) throw new Error(`no test contract ${name}`);
  const factory = new ContractFactory(compiled.abi as never, compiled.bytecode, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  const txHash = contract.deploymentTransaction()?.hash;
  if (txHash === undefined) throw new Error(`${name}: no deployment transaction`);
  return { address: asAddress(await contract.getAddress()), contract: contract as Contract, txHash };
}

/** Sends a contract call and waits for it to be mined; returns the transaction hash. */
export async function sendAndWait(contract: Contract, method: string, args: readonly unknown[]): Promise<string> {
  const fn = contract.getFunction(method);
  const tx = await fn.send(...args);
  const receipt = await tx.wait();
  if (receipt === null || receipt.status !== 1) throw new Error(`${method} failed`);
  return tx.hash;
}
