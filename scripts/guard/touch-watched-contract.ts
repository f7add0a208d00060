import { Contract, JsonRpcProvider, JsonRpcSigner, type TransactionReceipt } from "ethers";

const ERC20 = [
  "function transfer(address to, uint256 amount) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
];

/**
 * Makes `wallet` (any seeded address: the embedded chain answers hardhat_impersonateAccount)
 * send `amount` of `token` to `to` from outside the service, with plain ethers.
 */
export async function transferAs(
  rpcUrl: string,
  wallet: string,
  token: string,
  to: string,
  amount?: bigint,
): Promise<TransactionReceipt> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  try {
    await provider.send("hardhat_impersonateAccount", [wallet]);
    await provider.send("hardhat_setBalance", [wallet, "0x56BC75E2D63100000"]);
    // Not one of the node's own accounts, so ethers' getSigner would refuse it: build the signer directly.
    const signer = new JsonRpcSigner(provider, wallet);
    const contract = new Contract(token, ERC20, signer);
    const balance = (await contract.getFunction("balanceOf").staticCall(wallet)) as bigint;
    const tx = (await contract.getFunction("transfer")(to, amount ?? (balance > 0n ? balance / 10n : 0n))) as {
      wait(): Promise<TransactionReceipt | null>;
    };
    const receipt = await tx.wait();
    if (receipt === null) throw new Error("no receipt");
    await provider.send("hardhat_stopImpersonatingAccount", [wallet]);
    return receipt;
  } finally {
    provider.destroy();
  }
}
