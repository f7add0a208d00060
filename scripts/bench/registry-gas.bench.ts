import { ContractFactory, Interface, NonceManager, Wallet, parseEther, toBeHex, type JsonRpcProvider } from "ethers";
import { SCORE_REGISTRY_ABI } from "../../src/adapters/registry/ethers-score-registry.adapter";
import { compileContracts } from "../../src/dev-world/compile";
import { startDevWorld } from "../../src/dev-world/dev-world";
import { worldWallet } from "../../src/dev-world/world/chain-writer";
import { SCORE_REGISTRY_ORACLE_LABEL } from "../../src/dev-world/world/sanctions-registry-roles";

export interface RegistryGas {
  /** isAllowed as the first call of a transaction: registry account and score slot cold. */
  readonly coldGas: number;
  /** The same call again in that transaction: account and slot warm. */
  readonly warmGas: number;
  /** publish() of one entry, the oracle's transaction (gas used). */
  readonly publishOneGas: number;
}

/**
 * Measures isAllowed's gas on the seeded registry with ScoreRegistryGasProbe (gasleft() around two calls), after
 * publishing one score; all inside evm_snapshot/evm_revert, so the chain is left as it was.
 */
export async function measureRegistryGas(provider: JsonRpcProvider, registry: string): Promise<RegistryGas> {
  const artifacts = await compileContracts();
  const probeArtifact = artifacts.ScoreRegistryGasProbe;
  if (probeArtifact === undefined) throw new Error("ScoreRegistryGasProbe was not compiled");
  const snapshot = (await provider.send("evm_snapshot", [])) as string;
  try {
    const key = new Wallet(worldWallet(SCORE_REGISTRY_ORACLE_LABEL).key.privateKey, provider);
    await provider.send("hardhat_setBalance", [key.address, toBeHex(parseEther("100"))]);
    // Nonces counted here: a provider's cached transaction count would give the deploy the publish's nonce.
    const oracle = new NonceManager(key);
    const account = Wallet.createRandom().address;
    const iface = new Interface(SCORE_REGISTRY_ABI);
    const publish = await oracle.sendTransaction({
      to: registry,
      data: iface.encodeFunctionData("publish", [[account], [72], [2], [80], [`0x${"11".repeat(32)}`]]),
    });
    const publishReceipt = await publish.wait();
    const factory = new ContractFactory(probeArtifact.abi as never, probeArtifact.bytecode, oracle);
    const probe = await factory.deploy();
    await probe.waitForDeployment();
    const [cold, warm, allowed] = (await probe.getFunction("measure").staticCall(registry, account, 60, 3600)) as [
      bigint,
      bigint,
      boolean,
    ];
    if (!allowed) throw new Error("the published score was not allowed: the probe measured the wrong path");
    return { coldGas: Number(cold), warmGas: Number(warm), publishOneGas: Number(publishReceipt?.gasUsed ?? 0n) };
  } finally {
    await provider.send("evm_revert", [snapshot]);
  }
}

/** The bench section: the seeded world (replayed from its cache) and the measurement. */
export async function runRegistryGasBench(): Promise<RegistryGas> {
  const world = await startDevWorld({ host: "127.0.0.1", port: 0 });
  try {
    const { JsonRpcProvider } = await import("ethers");
    const provider = new JsonRpcProvider(world.chain.rpcUrl, undefined, { batchMaxCount: 1 });
    try {
      return await measureRegistryGas(provider, world.manifest.contracts.scoreRegistry);
    } finally {
      provider.destroy();
    }
  } finally {
    await world.chain.close();
  }
}
