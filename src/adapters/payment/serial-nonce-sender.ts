import type { TransactionRequest, Wallet } from "ethers";

/** Attempts when the nonce was taken by another sender of the same key (another instance). */
const MAX_NONCE_ATTEMPTS = 4;

function isNonceTaken(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "NONCE_EXPIRED" || code === "REPLACEMENT_UNDERPRICED") return true;
  const message = error instanceof Error ? error.message.toLowerCase() : "";
  return /nonce too low|nonce has already been used|replacement transaction underpriced/.test(message);
}

/**
 * Sends transactions from one key one at a time, with nonces counted here: concurrent
 * settlements would otherwise read the same pending nonce and replace each other. Instances that
 * share the key count separately; a nonce one of them took is re-read and the send retried.
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
      for (let attempt = 1; ; attempt++) {
        this.nextNonce ??= await this.wallet.getNonce("pending");
        try {
          const response = await this.wallet.sendTransaction({ ...request, nonce: this.nextNonce });
          this.nextNonce += 1;
          return response.hash;
        } catch (error) {
          // The node's view is the truth after a failure: re-read the nonce next time.
          this.nextNonce = undefined;
          // Another instance sharing the settlement key took this nonce: the node refused ours, nothing
          // was broadcast, so sending again with a fresh nonce is safe.
          if (attempt >= MAX_NONCE_ATTEMPTS || !isNonceTaken(error)) throw error;
        }
      }
    };
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
