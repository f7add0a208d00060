import { Contract, JsonRpcProvider, Network, Wallet } from "ethers";
import { EIP3009_ABI } from "../../../../src/adapters/payment/eip3009-contract";
import { EthersPaymentSettler } from "../../../../src/adapters/payment/ethers-payment-settler.adapter";
import { EthersPaymentVerifier } from "../../../../src/adapters/payment/ethers-payment-verifier.adapter";
import { asAddress } from "../../../../src/domain/chain/address";
import { DEFAULT_PAYMENT_TERMS, type PaymentTerms } from "../../../../src/domain/payment/payment-terms";
import { startDevWorld, type DevWorld } from "../../../../src/dev-world/dev-world";

/** Everything payment tests need from the seeded dev chain, started once per test run. */
export interface PaymentWorld {
  readonly world: DevWorld;
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly provider: JsonRpcProvider;
  readonly terms: PaymentTerms;
  readonly verifier: EthersPaymentVerifier;
  /** One settler for the whole run: it counts the settlement key's nonces itself. */
  readonly settler: EthersPaymentSettler;
  readonly usdc: Contract;
  /** Dev account `index` (20 of them, 1,000,000 USDC each) as a signer. */
  readonly wallet: (index: number) => Wallet;
  readonly headTime: () => Promise<number>;
  readonly usdcBalance: (address: string) => Promise<bigint>;
}

let started: Promise<PaymentWorld> | undefined;

async function start(): Promise<PaymentWorld> {
  const world = await startDevWorld({ host: "127.0.0.1", port: 0 });
  const { chain, manifest } = world;
  const network = Network.from(chain.chainId);
  const provider = new JsonRpcProvider(chain.rpcUrl, network, { staticNetwork: network, cacheTimeout: -1 });
  const options = { rpcUrl: chain.rpcUrl, chainId: chain.chainId };
  const settlerKey = chain.accounts[manifest.devAccounts.settlerIndex]?.privateKey ?? "";
  return {
    world,
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    provider,
    terms: { ...DEFAULT_PAYMENT_TERMS, payTo: asAddress(manifest.payee) },
    verifier: new EthersPaymentVerifier(options),
    settler: new EthersPaymentSettler(options, { settlementPrivateKey: settlerKey, receiptTimeoutMs: 20_000 }),
    usdc: new Contract(manifest.contracts.usdc, EIP3009_ABI, provider),
    wallet: (index) => new Wallet(chain.accounts[index]?.privateKey ?? "", provider),
    // The embedded chain mines only on demand, so its last block can be minutes old in a long run (the world is
    // shared); a real chain's head is a block old. Mining first keeps authorizations stamped from it in date.
    headTime: async () => {
      await provider.send("evm_mine", []);
      return (await provider.getBlock("latest"))?.timestamp ?? 0;
    },
    usdcBalance: async (address) =>
      (await new Contract(manifest.contracts.usdc, EIP3009_ABI, provider)
        .getFunction("balanceOf")
        .staticCall(address)) as bigint,
  };
}

/** The shared payment world; seeding takes a few seconds, so callers allow ~60 s in `before`. */
export function paymentWorld(): Promise<PaymentWorld> {
  started ??= start();
  return started;
}

// A root-level hook (this module is loaded while mocha reads spec files): close the chain once, at the very end.
after(async function () {
  this.timeout(120_000);
  if (started === undefined) return;
  const world = await started;
  world.provider.destroy();
  await world.world.chain.close();
});
