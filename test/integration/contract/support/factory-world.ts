import { Contract, ContractFactory } from "ethers";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import { devAccounts, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { loadUniswapArtifacts } from "../../../../src/dev-world/uniswap-artifacts";
import { deployTestContract, devSigner, sendAndWait } from "../../adapters/chain/support/deploy-test-contract";

const [deployerAccount, aliceAccount, bobAccount] = devAccounts(3);
const address = (account: { address: string } | undefined): Address => asAddress(account?.address ?? "");

/** Two token addresses for a pair: createPair only needs them distinct and non-zero. */
const TOKEN_A = "0x00000000000000000000000000000000000a11ce";
const TOKEN_B = "0x0000000000000000000000000000000000000b0b";

export interface FactoryWorld {
  readonly deployer: Address;
  readonly alice: Address;
  readonly bob: Address;
  /** The published Uniswap V2 factory, deployed by `deployer`. */
  readonly uniswapFactory: Address;
  /** Made by the factory's CREATE2 in alice's createPair transaction (announced by PairCreated). */
  readonly pair: Address;
  readonly createPairTx: string;
  /** A factory that announces nothing, and the contract it made in alice's `make` transaction. */
  readonly plainFactory: Address;
  readonly plainChild: Address;
  readonly makeTx: string;
  readonly blocks: { readonly uniswapFactory: number; readonly createPair: number; readonly make: number };
  readonly lastBlock: number;
}

/**
 * Contracts made by other contracts, one transaction per block on a fresh embedded chain: a Uniswap V2 pair,
 * a silent factory's child, and forged PairCreated events naming an existing contract and an EOA.
 */
export async function buildFactoryWorld(chain: EmbeddedChain): Promise<FactoryWorld> {
  const [deployer, alice] = await Promise.all([devSigner(chain, 0), devSigner(chain, 1)]);
  const uniswap = loadUniswapArtifacts();
  const factory = await new ContractFactory(uniswap.factory.abi as never, uniswap.factory.bytecode, deployer).deploy(
    deployerAccount?.address,
  );
  await factory.waitForDeployment();
  const uniswapFactory = asAddress(await factory.getAddress());
  const asAlice = factory.connect(alice) as Contract;
  const createPairTx = await sendAndWait(asAlice, "createPair", [TOKEN_A, TOKEN_B]);
  const pair = asAddress(await asAlice.getFunction("getPair")(TOKEN_A, TOKEN_B));
  const plain = await deployTestContract(deployer, "PlainFactory");
  const makeTx = await sendAndWait(plain.contract.connect(alice) as Contract, "make", []);
  const plainChild = asAddress(await plain.contract.getFunction("last")());
  const forged = await deployTestContract(deployer, "ForgedPairLog");
  await sendAndWait(forged.contract.connect(alice) as Contract, "claim", [uniswapFactory]);
  await sendAndWait(forged.contract.connect(alice) as Contract, "claim", [address(bobAccount)]);
  return {
    deployer: address(deployerAccount),
    alice: address(aliceAccount),
    bob: address(bobAccount),
    uniswapFactory,
    pair,
    createPairTx,
    plainFactory: plain.address,
    plainChild,
    makeTx,
    blocks: { uniswapFactory: 1, createPair: 2, make: 4 },
    lastBlock: 7,
  };
}
