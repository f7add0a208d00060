import { bcs } from "@mysten/sui/bcs";
import { Transaction } from "@mysten/sui/transactions";
import {
  capabilityCode,
  ORACLE_WRITE_GAS_BUDGET_MIST,
  viewReturnType,
  type RegistryView,
  type ViewValue,
} from "../../domain/sui/registry-rules";
import type { SuiAddress } from "../../domain/sui/sui-address";
import type { ScoreUpdate } from "../../domain/sui/sui-facts";
import type { WritePrepData } from "./sui-graphql-codecs";

/** Programmable transactions against credence::registry and credence::capability (move/sources). */

export interface RegistryTarget {
  readonly packageId: SuiAddress;
  readonly registryId: SuiAddress;
}

/** Gas budget of one update_score (+ mint), set on every write transaction (registry-rules.ts says why this much). */
export const WRITE_GAS_BUDGET = ORACLE_WRITE_GAS_BUDGET_MIST;

/** One move call per view, all reading the shared registry; the node resolves the object itself. */
export function viewTransaction(
  target: RegistryTarget,
  sender: SuiAddress,
  views: readonly RegistryView[],
): Transaction {
  const tx = new Transaction();
  tx.setSender(sender);
  const registry = tx.object(target.registryId);
  for (const view of views) {
    const args =
      view.fn === "total_scored"
        ? [registry]
        : view.fn === "is_trusted"
          ? [registry, tx.pure.address(view.subject), tx.pure.u8(view.threshold)]
          : [registry, tx.pure.address(view.subject)];
    tx.moveCall({ target: `${target.packageId}::registry::${view.fn}`, arguments: args });
  }
  return tx;
}

/** Decodes each command's first return value with the view's Move type. */
export function decodeViewValues(
  views: readonly RegistryView[],
  results: readonly { returnValues: readonly { bcs: Uint8Array | null }[] }[],
): ViewValue[] | string {
  const values: ViewValue[] = [];
  for (const [i, view] of views.entries()) {
    const bytes = results[i]?.returnValues[0]?.bcs;
    if (bytes == null) return `no return value for ${view.fn}`;
    const type = viewReturnType(view.fn);
    if (type === "bool") values.push(bcs.bool().parse(bytes));
    else if (type === "u8") values.push(bcs.u8().parse(bytes));
    else values.push(BigInt(bcs.u64().parse(bytes)));
  }
  return values;
}

/** update_score, and the capability mint when earned, in one transaction fully resolved offline. */
export function writeTransaction(
  target: RegistryTarget,
  sender: SuiAddress,
  prep: WritePrepData,
  cap: WritePrepData["cap"]["nodes"][number],
  gas: WritePrepData["gas"]["nodes"][number],
  initialSharedVersion: number,
  update: ScoreUpdate,
): Transaction {
  const tx = new Transaction();
  tx.setSender(sender);
  tx.setGasPrice(BigInt(prep.epoch.referenceGasPrice));
  tx.setGasBudget(WRITE_GAS_BUDGET);
  tx.setGasPayment([{ objectId: gas.address, version: String(gas.version), digest: gas.digest }]);
  const registry = tx.sharedObjectRef({ objectId: target.registryId, initialSharedVersion, mutable: true });
  const oracleCap = tx.objectRef({ objectId: cap.address, version: String(cap.version), digest: cap.digest });
  tx.moveCall({
    target: `${target.packageId}::registry::update_score`,
    arguments: [
      registry,
      oracleCap,
      tx.pure.address(update.subject),
      tx.pure.u8(update.score),
      tx.pure.u8(update.tier),
      tx.pure.u8(update.confidence),
      tx.pure.bool(update.botFlagged),
    ],
  });
  if (update.capability !== null)
    tx.moveCall({
      target: `${target.packageId}::capability::mint`,
      arguments: [registry, oracleCap, tx.pure.address(update.subject), tx.pure.u8(capabilityCode(update.capability))],
    });
  return tx;
}
