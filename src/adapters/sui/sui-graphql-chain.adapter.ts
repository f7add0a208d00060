import * as E from "fp-ts/Either";
import * as TE from "fp-ts/TaskEither";
import type * as t from "io-ts";
import type { Keypair } from "@mysten/sui/cryptography";
import type { SuiGraphQLClient } from "@mysten/sui/graphql";
import { suiUpstream, type SuiChain, type SuiChainFailure } from "../../application/ports/sui-chain.port";
import { CAPABILITY_VALIDITY_EPOCHS, type RegistryView, type ViewValue } from "../../domain/sui/registry-rules";
import {
  asSuiAddress,
  coinPackage,
  parseSuiAddress,
  type CoinType,
  type SuiAddress,
} from "../../domain/sui/sui-address";
import type { ScoreUpdate, SuiAddressActivity, SuiCoinInfo, WriteReceipt } from "../../domain/sui/sui-facts";
import { scrubUrls } from "../../application/scrub-urls";
import {
  ACTIVITY_MAX_PAGES,
  ACTIVITY_QUERY,
  CHAIN_NOW_QUERY,
  COIN_INFO_QUERY,
  SCORE_UPDATES_MAX_PAGES,
  SCORE_UPDATES_QUERY,
  WRITE_PREP_QUERY,
} from "./sui-graphql-documents";
import {
  ActivityData,
  ChainNowData,
  CoinInfoData,
  ScoreUpdatesData,
  WritePrepData,
  type ActivityNode,
} from "./sui-graphql-codecs";
import { activityOf, coinInfoOf } from "./sui-graphql-mappers";
import {
  decodeViewValues,
  viewTransaction,
  WRITE_GAS_BUDGET,
  writeTransaction,
  type RegistryTarget,
} from "./sui-registry-transactions";
import { failureOfExecution } from "./sui-execution-errors";

const upstream = (error: unknown): SuiChainFailure =>
  suiUpstream(scrubUrls(error instanceof Error ? error.message : String(error)));

/**
 * SuiChain over Sui's GraphQL RPC with @mysten/sui's SuiGraphQLClient (JSON-RPC is switched off;
 * docs/sui.md says why GraphQL rather than gRPC). Reads are our own documents (sui-graphql-documents.ts)
 * decoded with io-ts; views are read-only `simulateTransaction` calls; the write is built fully
 * resolved, signed with the oracle key, sent with `executeTransaction` and awaited with
 * `waitForTransaction` (GraphQL's index trails execution; the read-back must see the write).
 */
export class SuiGraphQLChain implements SuiChain {
  readonly writeGasBudget = WRITE_GAS_BUDGET;
  private readonly oracle: SuiAddress;

  constructor(
    private readonly client: SuiGraphQLClient,
    private readonly target: RegistryTarget,
    private readonly signer: Keypair,
    private readonly waitTimeoutMs = 30_000,
  ) {
    this.oracle = asSuiAddress(signer.toSuiAddress());
  }

  private query<A>(
    codec: t.Decoder<unknown, A>,
    query: string,
    variables: Record<string, unknown>,
  ): TE.TaskEither<SuiChainFailure, A> {
    return TE.tryCatchK(async () => {
      const { data, errors } = await this.client.query({ query, variables });
      if (errors !== undefined && errors.length > 0)
        throw new Error(`GraphQL: ${errors.map((e) => e.message).join("; ")}`);
      const decoded = codec.decode(data);
      if (E.isLeft(decoded)) throw new Error("GraphQL answer has an unexpected shape");
      return decoded.right;
    }, upstream)();
  }

  coinInfo(coinType: CoinType): TE.TaskEither<SuiChainFailure, SuiCoinInfo | null> {
    const variables = {
      coinType,
      treasuryType: `0x2::coin::TreasuryCap<${coinType}>`,
      metadataCapType: `0x2::coin_registry::MetadataCap<${coinType}>`,
      package: coinPackage(coinType),
    };
    return TE.map((data: CoinInfoData) => coinInfoOf(coinType, data))(
      this.query(CoinInfoData, COIN_INFO_QUERY, variables),
    );
  }

  addressActivity(address: SuiAddress): TE.TaskEither<SuiChainFailure, SuiAddressActivity> {
    return async () => {
      const nodes: ActivityNode[] = [];
      let after: string | null = null;
      let latestMs: number | null = null;
      for (let page = 0; page < ACTIVITY_MAX_PAGES; page++) {
        const answer: E.Either<SuiChainFailure, t.TypeOf<typeof ActivityData>> = await this.query(
          ActivityData,
          ACTIVITY_QUERY,
          { address, after },
        )();
        if (E.isLeft(answer)) return answer;
        const { transactions, latest }: t.TypeOf<typeof ActivityData> = answer.right;
        nodes.push(...transactions.nodes);
        const stamp = latest.nodes[0]?.effects?.timestamp;
        latestMs = stamp == null ? latestMs : Date.parse(stamp);
        if (!transactions.pageInfo.hasNextPage || transactions.pageInfo.endCursor == null)
          return E.right(activityOf(address, nodes, false, latestMs));
        after = transactions.pageInfo.endCursor;
      }
      return E.right(activityOf(address, nodes, true, latestMs));
    };
  }

  simulateViews(views: readonly RegistryView[]): TE.TaskEither<SuiChainFailure, readonly ViewValue[]> {
    return async () => {
      try {
        const result = await this.client.simulateTransaction({
          transaction: viewTransaction(this.target, this.oracle, views),
          checksEnabled: false,
          include: { commandResults: true },
        });
        if (result.$kind === "FailedTransaction")
          return E.left(failureOfExecution(result.FailedTransaction.status.error));
        const values = decodeViewValues(views, result.commandResults ?? []);
        return typeof values === "string" ? E.left(suiUpstream(values)) : E.right(values);
      } catch (error) {
        return E.left(upstream(error));
      }
    };
  }

  chainNow(): TE.TaskEither<SuiChainFailure, { epoch: bigint; timestampMs: number }> {
    return TE.map((d: t.TypeOf<typeof ChainNowData>) => ({
      epoch: BigInt(d.epoch.epochId),
      timestampMs: Date.parse(d.checkpoint.timestamp),
    }))(this.query(ChainNowData, CHAIN_NOW_QUERY, {}));
  }

  scoreUpdateDigest(subject: SuiAddress, epoch: bigint): TE.TaskEither<SuiChainFailure, string | null> {
    return async () => {
      const type = `${this.target.packageId}::registry::TrustScoreUpdated`;
      let before: string | null = null;
      for (let page = 0; page < SCORE_UPDATES_MAX_PAGES; page++) {
        const answer: E.Either<SuiChainFailure, t.TypeOf<typeof ScoreUpdatesData>> = await this.query(
          ScoreUpdatesData,
          SCORE_UPDATES_QUERY,
          { type, sender: this.oracle, before },
        )();
        if (E.isLeft(answer)) return answer;
        const { nodes, pageInfo }: t.TypeOf<typeof ScoreUpdatesData>["events"] = answer.right.events;
        // Newest last within a page: the latest write for the subject wins.
        const hit = [...nodes].reverse().find((n) => {
          const json = n.contents?.json;
          return (
            json?.subject !== undefined &&
            parseSuiAddress(json.subject) === subject &&
            String(json.epoch) === String(epoch)
          );
        });
        if (hit?.transaction != null) return E.right(hit.transaction.digest);
        // Older events are on the previous page.
        if (!pageInfo.hasPreviousPage || pageInfo.startCursor == null) return E.right(null);
        before = pageInfo.startCursor;
      }
      return E.right(null);
    };
  }

  writeScore(update: ScoreUpdate): TE.TaskEither<SuiChainFailure, WriteReceipt> {
    return async () => {
      const capType = `${this.target.packageId}::registry::OracleCap`;
      const prep = await this.query(WritePrepData, WRITE_PREP_QUERY, {
        registry: this.target.registryId,
        oracle: this.oracle,
        capType,
      })();
      if (E.isLeft(prep)) return prep;
      const [cap] = prep.right.cap.nodes;
      // The richest of the oracle's first 20 SUI coins pays, if it covers the budget.
      const gas = [...prep.right.gas.nodes]
        .map((node) => ({ node, balance: BigInt(node.asMoveObject?.contents?.json?.balance ?? "0") }))
        .sort((a, b) => (a.balance > b.balance ? -1 : a.balance < b.balance ? 1 : 0))
        .find((coin) => coin.balance >= WRITE_GAS_BUDGET)?.node;
      const shared = prep.right.registry?.owner.initialSharedVersion;
      // The OracleCap is owned: a key that does not hold it cannot name it in a transaction.
      if (cap === undefined) return E.left({ _tag: "SuiNotOracle" });
      if (shared == null) return E.left(suiUpstream("the registry is not a shared object"));
      if (gas === undefined)
        return E.left(suiUpstream("the oracle account has no SUI coin covering the gas budget (0.05 SUI)"));
      try {
        const tx = writeTransaction(this.target, this.oracle, prep.right, cap, gas, shared, update);
        const bytes = await tx.build();
        const { signature } = await this.signer.signTransaction(bytes);
        const executed = await this.client.executeTransaction({
          transaction: bytes,
          signatures: [signature],
          include: { objectTypes: true },
        });
        if (executed.$kind === "FailedTransaction")
          return E.left(failureOfExecution(executed.FailedTransaction.status.error));
        const done = executed.Transaction;
        await this.client.waitForTransaction({
          digest: done.digest,
          timeout: this.waitTimeoutMs,
          pollSchedule: [0, 500, 1500],
        });
        const epoch = BigInt(done.epoch ?? prep.right.epoch.epochId);
        const capId = Object.entries(done.objectTypes).find(([, type]) =>
          type.endsWith("::capability::TrustedAgentCap"),
        )?.[0];
        const capability =
          update.capability === null || capId === undefined
            ? null
            : {
                kind: update.capability,
                objectId: asSuiAddress(capId),
                expiresEpoch: epoch + CAPABILITY_VALIDITY_EPOCHS,
              };
        return E.right({ digest: done.digest, epoch, capability });
      } catch (error) {
        return E.left(upstream(error));
      }
    };
  }
}
