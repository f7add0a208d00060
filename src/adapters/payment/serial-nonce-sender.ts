import type { TransactionRequest, Wallet } from "ethers";

/**
 * Sends transactions from one key one at a time, with nonces counted here: concurrent
 * settlements would otherwise read the same pending nonce and replace each other.
 */
export class SerialNonceSender {
  private tail: Promise<unknown> = Promise.resolve();
  private nextNonce: number | undefined;

  constructor(private readonly wallet: Wallet) {}

  get address(): string {
    return this.wallet.address;
  }

  /** Resolves with the hash once the node accepted the transaction (not when it is mined). */
  send(request: TransactionRequest): Promise<string> {
    const run = async () => {
      this.nextNonce ??= await this.wallet.getNonce("pending");
      try {
        const response = await this.wallet.sendTransaction({ ...request, nonce: this.nextNonce });
        this.nextNonce += 1;
        return response.hash;
      } catch (error) {
        // The node's view is the truth after a failure: re-read the nonce next time.
        this.nextNonce = undefined;
        throw error;
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
