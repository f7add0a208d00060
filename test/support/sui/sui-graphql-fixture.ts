/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL variables and answers are free-form JSON the fixture walks */
import { bcs } from "@mysten/sui/bcs";
import { createHash } from "node:crypto";
import { fromBase64 } from "@mysten/bcs";
import { Transaction, TransactionDataBuilder } from "@mysten/sui/transactions";
import { verifyTransactionSignature } from "@mysten/sui/verify";
import nock from "nock";
import {
  CAPABILITY_ABORTS,
  ELITE_CAP_MIN_SCORE,
  REGISTRY_ABORTS,
  STANDARD_CAP_MIN_SCORE,
} from "../../../src/domain/sui/registry-rules";

/**
 * A Sui GraphQL endpoint on nock, answering with the shapes of Sui's GraphQL schema (as shipped in
 * @mysten/sui, src/graphql/generated/schema.graphql) and of the SDK's own documents
 * (simulateTransaction, executeTransaction, getTransactionBlock). Registry state lives here so a
 * write is visible to the following simulation, as on a node; the Move rules applied are those of
 * move/sources (only the OracleCap owner can name the cap; getters abort on an unscored subject).
 */
export interface FixtureRecord {
  score: number;
  tier: number;
  confidence: number;
  botFlagged: boolean;
  epoch: number;
}

export interface SuiFixtureWorld {
  readonly origin: string;
  readonly path: string;
  readonly oracle: string;
  readonly registryId: string;
  readonly packageId: string;
  epoch: number;
  checkpointTime: string;
  /** coinType -> the coinMetadata object, treasury and metadata-cap nodes, package publish time. */
  readonly coins: Map<
    string,
    { metadata: Record<string, unknown>; treasury: unknown[]; metadataCap: unknown[]; publishedAt: string }
  >;
  /** address -> transaction nodes affecting it, oldest first (as `transactions(filter: {affectedAddress})`). */
  readonly activity: Map<string, Record<string, unknown>[]>;
  readonly records: Map<string, FixtureRecord>;
  readonly executed: Map<string, Record<string, unknown>>;
  /** TrustScoreUpdated events, oldest first, as `events(filter: {type, sender})` returns them. */
  readonly events: { subject: string; epoch: number; digest: string }[];
  /** Operation names in the order they were asked, to show which SDK calls a test made. */
  readonly operations: string[];
  /** The variables of each request, in the same order. */
  readonly variables: Record<string, any>[];
  /** Balances (MIST, decimal strings) of the oracle's SUI coins, in the order the node lists them. */
  gasCoins: string[];
  /** When set, every request answers this HTTP status (upstream outage). */
  failWith: number | null;
}

const PAGE = 20;
const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

function txEffects(world: SuiFixtureWorld, digest: string, status: "SUCCESS" | "FAILURE", error: unknown) {
  return {
    digest,
    signatures: [],
    effects: {
      status,
      timestamp: world.checkpointTime,
      checkpoint: { sequenceNumber: 1000 + world.executed.size },
      executionError: error,
      epoch: { epochId: world.epoch },
    },
  };
}

function abortError(world: SuiFixtureWorld, module: string, fn: string, code: number, command: number) {
  return {
    message: `MoveAbort(MoveLocation { module: ModuleId { address: ${world.packageId.slice(2)}, name: Identifier("${module}") }, function_name: Some("${fn}") }, ${code}) in ${command + 1}st command.`,
    abortCode: String(code),
    identifier: null,
    constant: null,
    sourceLineNumber: null,
    instructionOffset: 3,
    module: { name: module, package: { address: world.packageId } },
    function: { name: fn },
  };
}

type Abort = { module: string; fn: string; code: number };

/** One registry view, as credence::registry computes it. */
function view(world: SuiFixtureWorld, fn: string, args: Uint8Array[]): { bcs: string } | Abort {
  const subject = args[0] === undefined ? "" : hex(args[0]);
  const record = world.records.get(subject);
  const b = (v: boolean) => ({ bcs: bcs.bool().serialize(v).toBase64() });
  const u8 = (v: number) => ({ bcs: bcs.u8().serialize(v).toBase64() });
  if (fn === "total_scored") return { bcs: bcs.u64().serialize(world.records.size).toBase64() };
  if (fn === "is_scored") return b(record !== undefined);
  if (fn === "is_trusted") return b(record !== undefined && !record.botFlagged && record.score >= (args[1]?.[0] ?? 0));
  if (record === undefined) return { module: "registry", fn, code: REGISTRY_ABORTS.NOT_SCORED };
  if (fn === "get_score") return u8(record.score);
  if (fn === "get_tier") return u8(record.tier);
  if (fn === "get_confidence") return u8(record.confidence);
  if (fn === "is_bot_flagged") return b(record.botFlagged);
  return { bcs: bcs.u64().serialize(record.epoch).toBase64() };
}

function simulate(world: SuiFixtureWorld, variables: Record<string, any>) {
  const ptb = variables.transaction.kind.programmableTransaction;
  const outputs: unknown[] = [];
  for (const [i, command] of (ptb.commands as any[]).entries()) {
    const call = command.moveCall;
    const args = (call.arguments as any[]).slice(1).map((a) => fromBase64(ptb.inputs[a.input].pure));
    const value = view(world, call.function, args);
    if ("code" in value) {
      const failed = txEffects(
        world,
        "SimDigest1111111111111111111111111111111111",
        "FAILURE",
        abortError(world, value.module, value.fn, value.code, i),
      );
      return { simulateTransaction: { effects: { transaction: failed }, outputs: null } };
    }
    outputs.push({ returnValues: [{ value }], mutatedReferences: [] });
  }
  const ok = txEffects(world, "SimDigest1111111111111111111111111111111111", "SUCCESS", null);
  return { simulateTransaction: { effects: { transaction: ok }, outputs } };
}

/** update_score (+ capability::mint) from the signed bytes; the sender must have signed them. */
async function execute(world: SuiFixtureWorld, variables: Record<string, any>) {
  const bytes = fromBase64(variables.transactionDataBcs);
  const signer = await verifyTransactionSignature(bytes, variables.signatures[0]);
  const data = Transaction.from(bytes).getData();
  if (signer.toSuiAddress() !== data.sender) return { errors: [{ message: "Invalid user signature" }] };
  const digest = TransactionDataBuilder.getDigestFromBytes(bytes);
  const pure = (arg: any) => fromBase64(data.inputs[arg.Input]!.Pure!.bytes);
  const changes: unknown[] = [];
  let pending: [string, FixtureRecord] | null = null;
  for (const [i, command] of data.commands.entries()) {
    const call = command.MoveCall!;
    const [subjectArg, ...rest] = call.arguments.slice(2);
    const subject = hex(pure(subjectArg));
    if (call.function === "update_score") {
      const [score, tier, confidence] = rest.slice(0, 3).map((a) => pure(a)[0]!);
      const bad =
        score! > 100
          ? REGISTRY_ABORTS.INVALID_SCORE
          : tier! > 2
            ? REGISTRY_ABORTS.INVALID_TIER
            : confidence! > 100
              ? REGISTRY_ABORTS.INVALID_CONFIDENCE
              : 0;
      if (bad !== 0)
        return {
          executeTransaction: {
            effects: {
              transaction: txEffects(world, digest, "FAILURE", abortError(world, "registry", "update_score", bad, i)),
            },
          },
        };
      pending = [
        subject,
        { score: score!, tier: tier!, confidence: confidence!, botFlagged: pure(rest[3])[0] === 1, epoch: world.epoch },
      ];
    } else {
      const kind = pure(rest[0])[0];
      const recorded = pending?.[1] ?? world.records.get(subject);
      const score = recorded === undefined ? -1 : recorded.botFlagged ? 0 : recorded.score;
      if (score < (kind === 2 ? ELITE_CAP_MIN_SCORE : STANDARD_CAP_MIN_SCORE))
        return {
          executeTransaction: {
            effects: {
              transaction: txEffects(
                world,
                digest,
                "FAILURE",
                abortError(
                  world,
                  "capability",
                  "mint",
                  score < 0 ? CAPABILITY_ABORTS.NOT_SCORED : CAPABILITY_ABORTS.NOT_EARNED,
                  i,
                ),
              ),
            },
          },
        };
      const id = `0x${createHash("sha256").update(digest).digest("hex")}`;
      changes.push({
        address: id,
        outputState: {
          asMoveObject: { contents: { type: { repr: `${world.packageId}::capability::TrustedAgentCap` } } },
        },
      });
    }
  }
  if (pending !== null) {
    world.records.set(pending[0], pending[1]);
    world.events.push({ subject: pending[0], epoch: world.epoch, digest });
  }
  changes.push({
    address: world.registryId,
    outputState: { asMoveObject: { contents: { type: { repr: `${world.packageId}::registry::ScoreRegistry` } } } },
  });
  const done = {
    ...txEffects(world, digest, "SUCCESS", null),
    signatures: [{ signatureBytes: variables.signatures[0] }],
  };
  done.effects = { ...done.effects, effectsJson: null, objectChanges: { nodes: changes } } as typeof done.effects;
  world.executed.set(digest, done);
  return { executeTransaction: { effects: { transaction: done } } };
}

function activityPage(world: SuiFixtureWorld, variables: Record<string, any>) {
  const all = world.activity.get(variables.address) ?? [];
  const start = variables.after == null ? 0 : Number(Buffer.from(variables.after, "base64").toString());
  const nodes = all.slice(start, start + PAGE);
  const end = start + nodes.length;
  return {
    transactions: {
      pageInfo: {
        hasNextPage: end < all.length,
        endCursor: nodes.length === 0 ? null : Buffer.from(String(end)).toString("base64"),
      },
      nodes,
    },
    latest: { nodes: all.length === 0 ? [] : [{ effects: { timestamp: (all.at(-1) as any).effects.timestamp } }] },
  };
}

function answer(world: SuiFixtureWorld, body: { query: string; variables?: Record<string, any> }): unknown {
  const name = /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous";
  world.operations.push(name);
  const v = body.variables ?? {};
  world.variables.push(v);
  switch (name) {
    case "credenceCoinInfo": {
      const coin = world.coins.get(v.coinType);
      const publishedFor = [...world.coins.values()].find((c) => (c.metadata as any).__package === v.package);
      const strip =
        coin === undefined
          ? null
          : Object.fromEntries(Object.entries(coin.metadata).filter(([k]) => k !== "__package"));
      return {
        data: {
          coinMetadata: strip,
          treasury: { nodes: coin?.treasury ?? [] },
          metadataCap: { nodes: coin?.metadataCap ?? [] },
          package:
            publishedFor === undefined
              ? null
              : { previousTransaction: { effects: { timestamp: publishedFor.publishedAt } } },
        },
      };
    }
    case "credenceActivity":
      return { data: activityPage(world, v) };
    case "credenceChainNow":
      return { data: { epoch: { epochId: world.epoch }, checkpoint: { timestamp: world.checkpointTime } } };
    case "credenceWritePrep": {
      const mine = v.oracle === world.oracle && v.capType === `${world.packageId}::registry::OracleCap`;
      const ref = (label: string) => ({
        address: `0x${label.repeat(64)}`,
        version: 7,
        digest: "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi",
      });
      return {
        data: {
          epoch: { epochId: world.epoch, referenceGasPrice: "750" },
          registry: { address: world.registryId, owner: { __typename: "Shared", initialSharedVersion: 12 } },
          cap: { nodes: mine ? [ref("c")] : [] },
          gas: {
            nodes: world.gasCoins.map((balance, i) => ({
              ...ref(String(i + 1)),
              asMoveObject: { contents: { json: { id: ref(String(i + 1)).address, balance } } },
            })),
          },
        },
      };
    }
    case "simulateTransaction":
      return { data: simulate(world, v) };
    case "executeTransaction":
      return execute(world, v).then((r) => ("errors" in r ? r : { data: r }));
    case "credenceScoreUpdates": {
      const mine =
        v.sender === world.oracle && v.type === `${world.packageId}::registry::TrustScoreUpdated` ? world.events : [];
      const end = v.before == null ? mine.length : Number(Buffer.from(v.before, "base64").toString());
      const start = Math.max(0, end - 50);
      const nodes = mine.slice(start, end).map((e) => ({
        contents: {
          json: {
            registry_id: world.registryId,
            subject: e.subject,
            score: 1,
            tier: 0,
            confidence: 5,
            bot_flagged: false,
            epoch: String(e.epoch),
          },
        },
        transaction: { digest: e.digest },
      }));
      return {
        data: {
          events: {
            pageInfo: { hasPreviousPage: start > 0, startCursor: Buffer.from(String(start)).toString("base64") },
            nodes,
          },
        },
      };
    }
    case "getTransactionBlock":
      return { data: { transaction: world.executed.get(v.digest) ?? null } };
    default:
      return { errors: [{ message: `fixture does not know ${name}` }] };
  }
}

/** Starts answering on nock; returns a function that removes the interceptor. */
export function serveSuiGraphQL(world: SuiFixtureWorld): () => void {
  const interceptor = nock(world.origin).persist().post(world.path);
  const scope = interceptor.reply(async (_uri, body) => {
    if (world.failWith !== null) return [world.failWith, "upstream down"];
    return [200, await answer(world, body as { query: string; variables?: Record<string, any> })];
  });
  return () => {
    scope.persist(false);
    nock.removeInterceptor(interceptor);
  };
}
