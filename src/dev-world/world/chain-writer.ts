import { getCreateAddress, Interface, SigningKey, Transaction, computeAddress, keccak256, toUtf8Bytes } from "ethers";
import type { InterfaceAbi } from "ethers";
import type { EIP1193Provider } from "hardhat/types";
import type { CompiledContract } from "../compile";

/** A seeded-world wallet: its key is derived from a fixed label, so every run gets the same addresses. */
export interface WorldWallet {
  readonly label: string;
  readonly address: string;
  readonly key: SigningKey;
}

export function worldWallet(label: string): WorldWallet {
  const key = new SigningKey(keccak256(toUtf8Bytes(`credence/dev-world/${label}`)));
  return { label, address: computeAddress(key).toLowerCase(), key };
}

export interface ContractHandle {
  readonly address: string;
  readonly iface: Interface;
}

export interface SendOptions {
  readonly value?: bigint;
  readonly gas?: bigint;
  /** A scenario may need a transaction that fails on chain (a honeypot sell), recorded as status 0. */
  readonly expect?: "success" | "revert";
}

interface PendingTx {
  readonly hash: string;
  readonly what: string;
  readonly expect: "success" | "revert";
}

const DEFAULT_CALL_GAS = 500_000n;
const DEFAULT_DEPLOY_GAS = 6_000_000n;
const MAX_FEE_PER_GAS = 20_000_000_000n;
const PRIORITY_FEE_PER_GAS = 1_000_000_000n;

/**
 * Signs and submits the seeded world's transactions with automine off, tracking nonces locally
 * (no round trip per transaction), then mines them at an exact timestamp and checks every receipt.
 */
export class ChainWriter {
  private readonly nonces = new Map<string, number>();
  private pending: PendingTx[] = [];
  transactionCount = 0;
  blockCount = 0;

  constructor(
    readonly provider: EIP1193Provider,
    private readonly chainId: number,
  ) {}

  rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.provider.request({ method, params }) as Promise<T>;
  }

  handle(address: string, abi: InterfaceAbi | readonly unknown[]): ContractHandle {
    return { address: address.toLowerCase(), iface: new Interface(abi as InterfaceAbi) };
  }

  async send(
    from: WorldWallet,
    to: string | null,
    data: string,
    what: string,
    options: SendOptions = {},
  ): Promise<string> {
    const nonce = this.nonces.get(from.address) ?? 0;
    const tx = Transaction.from({
      type: 2,
      chainId: this.chainId,
      nonce,
      to,
      data,
      value: options.value ?? 0n,
      gasLimit: options.gas ?? (to === null ? DEFAULT_DEPLOY_GAS : DEFAULT_CALL_GAS),
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: PRIORITY_FEE_PER_GAS,
    });
    tx.signature = from.key.sign(tx.unsignedHash);
    const hash = await this.rpc<string>("eth_sendRawTransaction", [tx.serialized]);
    this.nonces.set(from.address, nonce + 1);
    this.pending.push({ hash, what: `${from.label}: ${what}`, expect: options.expect ?? "success" });
    return hash;
  }

  /** Calls `signature` (a function name, or a full signature for overloads) on `contract`. */
  call(
    from: WorldWallet,
    contract: ContractHandle,
    fn: string,
    args: readonly unknown[],
    options: SendOptions = {},
  ): Promise<string> {
    return this.send(from, contract.address, contract.iface.encodeFunctionData(fn, args), fn, options);
  }

  transferNative(from: WorldWallet, to: string, value: bigint): Promise<string> {
    return this.send(from, to, "0x", "native transfer", { value, gas: 21_000n });
  }

  /** The address is known before mining: CREATE addresses follow from the sender and its nonce. */
  async deploy(
    from: WorldWallet,
    artifact: CompiledContract,
    args: readonly unknown[] = [],
    gas?: bigint,
  ): Promise<ContractHandle> {
    const iface = new Interface(artifact.abi as InterfaceAbi);
    const address = getCreateAddress({ from: from.address, nonce: this.nonces.get(from.address) ?? 0 });
    const data = artifact.bytecode + iface.encodeDeploy(args).slice(2);
    await this.send(from, null, data, "deploy", gas === undefined ? {} : { gas });
    return { address: address.toLowerCase(), iface };
  }

  /** Mines everything submitted since the last block into one block at `timestamp`. */
  async mine(timestamp: number): Promise<void> {
    await this.rpc("evm_mine", [timestamp]);
    this.blockCount++;
    const mined = this.pending;
    this.pending = [];
    for (const tx of mined) {
      const receipt = await this.rpc<{ status: string } | null>("eth_getTransactionReceipt", [tx.hash]);
      if (receipt === null) throw new Error(`not mined in block at ${timestamp} (block gas limit?): ${tx.what}`);
      const status = receipt.status === "0x1" ? "success" : "revert";
      if (status !== tx.expect)
        throw new Error(`expected ${tx.expect}, got ${status} in block at ${timestamp}: ${tx.what}`);
    }
    this.transactionCount += mined.length;
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }
}
