import { Interface, SigningKey, Transaction, computeAddress, keccak256, toBeHex, toUtf8Bytes } from "ethers";
import type { InterfaceAbi } from "ethers";

/** An eval wallet: its key follows from a label, so runs are repeatable. */
export interface EvalWallet {
  readonly address: string;
  readonly key: SigningKey;
}

export function evalWallet(label: string): EvalWallet {
  const key = new SigningKey(keccak256(toUtf8Bytes(`credence/eval-real/${label}`)));
  return { address: computeAddress(key).toLowerCase(), key };
}

export interface Sent {
  readonly ok: boolean;
  readonly hash: string | null;
  readonly contractAddress: string | null;
  readonly error: string | null;
}

const MAX_FEE = 20_000_000_000n;

/**
 * The embedded chain as any outside client reaches it: JSON-RPC over HTTP, transactions signed here.
 * With automine each transaction is its own block; a reverting one is still mined (status 0), as a
 * real wallet's failed sell would be.
 */
export class Chain {
  private id = 0;
  constructor(
    readonly rpcUrl: string,
    readonly chainId: number,
  ) {}

  async rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(this.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++this.id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error !== undefined) throw new Error(body.error.message);
    return body.result as T;
  }

  fund(address: string, wei: bigint): Promise<void> {
    return this.rpc("hardhat_setBalance", [address, toBeHex(wei)]);
  }

  async send(from: EvalWallet, to: string | null, data: string, value = 0n, gas = 3_000_000n): Promise<Sent> {
    const nonce = Number(await this.rpc<string>("eth_getTransactionCount", [from.address, "pending"]));
    const tx = Transaction.from({
      type: 2,
      chainId: this.chainId,
      nonce,
      to,
      data,
      value,
      gasLimit: gas,
      maxFeePerGas: MAX_FEE,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    tx.signature = from.key.sign(tx.unsignedHash);
    let hash: string | null = null;
    let error: string | null = null;
    try {
      hash = await this.rpc<string>("eth_sendRawTransaction", [tx.serialized]);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      hash = tx.hash;
    }
    const receipt =
      hash === null
        ? null
        : await this.rpc<{ status: string; contractAddress: string | null } | null>("eth_getTransactionReceipt", [
            hash,
          ]);
    const ok = receipt?.status === "0x1";
    return {
      ok,
      hash,
      contractAddress: ok ? (receipt?.contractAddress ?? null) : null,
      error: ok ? null : (error ?? "reverted"),
    };
  }

  /**
   * A transaction from an address whose key the eval does not hold (a token's hard-coded team wallet),
   * sent with hardhat_impersonateAccount: the project's own wallet acting, as it did on its home chain.
   */
  async sendAs(from: string, to: string, data: string, value = 0n, gas = 3_000_000n): Promise<Sent> {
    await this.rpc("hardhat_impersonateAccount", [from]);
    let hash: string | null = null;
    let error: string | null = null;
    try {
      hash = await this.rpc<string>("eth_sendTransaction", [
        { from, to, data, value: toBeHex(value), gas: toBeHex(gas), maxFeePerGas: toBeHex(MAX_FEE) },
      ]);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    } finally {
      await this.rpc("hardhat_stopImpersonatingAccount", [from]);
    }
    const receipt =
      hash === null ? null : await this.rpc<{ status: string } | null>("eth_getTransactionReceipt", [hash]);
    const ok = receipt?.status === "0x1";
    return { ok, hash, contractAddress: null, error: ok ? null : (error ?? "reverted") };
  }

  call(
    contract: string,
    iface: Interface,
    fn: string,
    args: readonly unknown[] = [],
    from?: string,
  ): Promise<unknown[] | null> {
    const data = iface.encodeFunctionData(fn, args);
    return this.rpc<string>("eth_call", [
      { to: contract, data, ...(from === undefined ? {} : { from }) },
      "latest",
    ]).then(
      (out) => [...iface.decodeFunctionResult(fn, out)],
      () => null,
    );
  }

  async increaseTime(seconds: number): Promise<void> {
    await this.rpc("evm_increaseTime", [seconds]);
    await this.rpc("evm_mine", []);
  }
}

export function iface(abi: readonly unknown[]): Interface {
  return new Interface(abi as InterfaceAbi);
}
