import { Interface, Wallet, ZeroHash, keccak256, toUtf8Bytes, type JsonRpcProvider } from "ethers";
import * as E from "fp-ts/Either";
import type { TaskEither } from "fp-ts/TaskEither";
import { upstreamFailure, type UpstreamFailure } from "../../application/failures";
import type {
  PreparedPublish,
  PublishedTransaction,
  RegistryInfo,
  ScoreRegistry,
} from "../../application/ports/score-registry.port";
import type { Address } from "../../domain/chain/address";
import { flagsPreimage, type OnchainScore, type RegistryEntry } from "../../domain/registry/registry-entry";
import { describeError } from "../shared/http-json";

/** contracts/registry/ScoreRegistry.sol, the part protocols and the service use (a test compares it to solc's). */
export const SCORE_REGISTRY_ABI = [
  "function scoreOf(address account) view returns (uint8 score, uint8 tier, uint8 confidence, uint64 updatedAt, bytes32 flagsHash)",
  "function isAllowed(address account, uint8 minScore, uint64 maxAge) view returns (bool)",
  "function publish(address[] accounts, uint8[] scores, uint8[] tiers, uint8[] confidences, bytes32[] flagsHashes)",
  "function oracle() view returns (address)",
  "function owner() view returns (address)",
  "function setOracle(address newOracle)",
  "function transferOwnership(address newOwner)",
  "event ScorePublished(address indexed account, uint8 score, uint8 tier, uint8 confidence, uint64 updatedAt, bytes32 flagsHash)",
  "event OracleChanged(address indexed previousOracle, address indexed newOracle)",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
] as const;

const REGISTRY = new Interface(SCORE_REGISTRY_ABI);
const ABI_JSON = JSON.parse(REGISTRY.formatJson()) as readonly unknown[];

export interface EthersScoreRegistryOptions {
  readonly provider: JsonRpcProvider;
  readonly address: Address;
  readonly chainId: number;
  readonly oraclePrivateKey: string;
  /** How long to wait for the receipt, default 60 s. */
  readonly receiptTimeoutMs?: number;
}

/** The ScoreRegistry through ethers: reads with eth_call, writes one batched publish() with the oracle key. */
export class EthersScoreRegistry implements ScoreRegistry {
  private readonly wallet: Wallet;
  /** Sends one at a time: each reads the node's pending nonce after the previous one was accepted. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: EthersScoreRegistryOptions) {
    this.wallet = new Wallet(options.oraclePrivateKey, options.provider);
  }

  info(): RegistryInfo {
    return { address: this.options.address, chainId: this.options.chainId, abi: ABI_JSON };
  }

  flagsHash(entry: RegistryEntry): string {
    return entry.flagCodes.length === 0 ? ZeroHash : keccak256(toUtf8Bytes(flagsPreimage(entry.flagCodes)));
  }

  current(accounts: readonly Address[]): TaskEither<UpstreamFailure, ReadonlyMap<Address, OnchainScore | null>> {
    return this.attempt("scoreOf", async () => {
      const entries = await Promise.all(
        accounts.map(async (account) => {
          const data = REGISTRY.encodeFunctionData("scoreOf", [account]);
          const result = await this.options.provider.call({ to: this.options.address, data });
          const [score, tier, confidence, updatedAt, flagsHash] = REGISTRY.decodeFunctionResult("scoreOf", result);
          const onchain: OnchainScore = {
            score: Number(score),
            tier: Number(tier),
            confidence: Number(confidence),
            updatedAt: Number(updatedAt),
            flagsHash: String(flagsHash),
          };
          return [account, onchain.updatedAt === 0 ? null : onchain] as const;
        }),
      );
      return new Map(entries);
    });
  }

  prepare(entries: readonly RegistryEntry[]): TaskEither<UpstreamFailure, PreparedPublish> {
    return this.attempt("estimate publish", async () => {
      const estimate = await this.options.provider.estimateGas({
        from: this.wallet.address,
        to: this.options.address,
        data: this.publishData(entries),
      });
      // A margin for state that moves between estimate and inclusion; the budget reserves the whole limit.
      return { entries, gasLimit: (estimate * 12n) / 10n + 10_000n };
    });
  }

  send(prepared: PreparedPublish): TaskEither<UpstreamFailure, PublishedTransaction> {
    return this.attempt("publish", async () => {
      const request = {
        to: this.options.address,
        data: this.publishData(prepared.entries),
        gasLimit: prepared.gasLimit,
        chainId: this.options.chainId,
      };
      const sent = this.tail.then(() => this.wallet.sendTransaction(request));
      this.tail = sent.catch(() => undefined);
      const { hash } = await sent;
      const receipt = await this.options.provider.waitForTransaction(hash, 1, this.options.receiptTimeoutMs ?? 60_000);
      if (receipt === null) throw new Error(`no receipt for ${hash}`);
      if (receipt.status !== 1) throw new Error(`publish ${hash} reverted`);
      return { transaction: hash, blockNumber: receipt.blockNumber };
    });
  }

  close(): void {
    this.options.provider.destroy();
  }

  private publishData(entries: readonly RegistryEntry[]): string {
    return REGISTRY.encodeFunctionData("publish", [
      entries.map((e) => e.account),
      entries.map((e) => e.score),
      entries.map((e) => e.tier),
      entries.map((e) => e.confidence),
      entries.map((e) => this.flagsHash(e)),
    ]);
  }

  private attempt<T>(what: string, run: () => Promise<T>): TaskEither<UpstreamFailure, T> {
    return async () => {
      try {
        return E.right(await run());
      } catch (error) {
        return E.left(upstreamFailure("rpc", `score registry ${what}: ${describeError(error)}`));
      }
    };
  }
}
