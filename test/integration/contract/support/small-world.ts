import { getCreateAddress, parseEther } from "ethers";
import { asAddress, type Address } from "../../../../src/domain/chain/address";
import { devAccounts, type EmbeddedChain } from "../../../../src/dev-world/embedded-chain";
import { deployTestContract, devSigner, sendAndWait } from "../../adapters/chain/support/deploy-test-contract";

/**
 * The small world both explorer adapters are checked against: one ERC-20, one ERC-721, a few
 * wallets, one transaction per block. Everything here is deterministic (dev accounts, CREATE
 * addresses from nonces), so the Blockscout fixtures can describe the very same world.
 */
const [deployerAccount, aliceAccount, bobAccount, carolAccount] = devAccounts(4);
const address = (account: { address: string } | undefined): Address => asAddress(account?.address ?? "");

export const UNIT = 10n ** 18n;

export const SMALL_WORLD = {
  deployer: address(deployerAccount),
  alice: address(aliceAccount),
  bob: address(bobAccount),
  carol: address(carolAccount),
  /** Dev account 9: funded at genesis, never used. */
  stranger: address(devAccounts(10)[9]),
  token: asAddress(getCreateAddress({ from: address(deployerAccount), nonce: 0 })),
  nft: asAddress(getCreateAddress({ from: address(deployerAccount), nonce: 1 })),
  supply: 1_000_000n * UNIT,
  /** Native value the deployer sends carol in the last block. */
  gift: parseEther("1"),
  /** Block of each step, one transaction per block. */
  blocks: {
    tokenDeployed: 1,
    nftDeployed: 2,
    toAlice: 3,
    toBob: 4,
    aliceToBob: 5,
    mintAlice: 6,
    mintBob: 7,
    nftToCarol: 8,
    gift: 9,
  },
  lastBlock: 9,
} as const;

/** Plays the world's transactions on a fresh embedded chain (which must be at block 0). */
export async function buildSmallWorld(chain: EmbeddedChain): Promise<void> {
  const w = SMALL_WORLD;
  const [deployer, alice] = await Promise.all([devSigner(chain, 0), devSigner(chain, 1)]);
  const token = await deployTestContract(deployer, "SmallToken", [w.supply]);
  const nft = await deployTestContract(deployer, "SmallNft");
  if (token.address !== w.token || nft.address !== w.nft) throw new Error("small world: the chain was not fresh");
  await sendAndWait(token.contract, "transfer", [w.alice, 300n * UNIT]);
  await sendAndWait(token.contract, "transfer", [w.bob, 100n * UNIT]);
  await sendAndWait(token.contract.connect(alice) as typeof token.contract, "transfer", [w.bob, 50n * UNIT]);
  await sendAndWait(nft.contract, "mint", [w.alice, 1n]);
  await sendAndWait(nft.contract, "mint", [w.bob, 2n]);
  await sendAndWait(nft.contract.connect(alice) as typeof nft.contract, "transferFrom", [w.alice, w.carol, 1n]);
  const gift = await deployer.sendTransaction({ to: w.carol, value: w.gift });
  await gift.wait();
}
