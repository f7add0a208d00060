import type { Shortfall } from "../common/confidence";
import { type Flag, raiseFlag } from "../flag";
import type { FlagCode } from "../flag-catalogue";
import type { ProbeCaller } from "../profiles/capabilities";
import type { NftAttempt, NftCapabilityEvidence, NftOversupplyAttempt } from "../profiles/nft-capabilities";
import {
  type ClassifiedNftAttempt,
  type NftEffectKind,
  classifyAttempt,
  describeNftChange,
} from "./nft-capability-effects";

const PRIVILEGED_FLAGS: Readonly<Record<NftEffectKind, FlagCode>> = {
  mint: "NFT_PRIVILEGED_MINT",
  burn: "NFT_PRIVILEGED_BURN",
  move: "NFT_OPERATOR_BACKDOOR",
  metadata: "NFT_METADATA_MUTABLE",
};

/** Confidence lost when the probes could not run at all, or could not reach every function. */
const PROBE_MISSING_COST = 15;
const PROBE_PARTIAL_COST = 5;

export interface NftCapabilityFindings {
  readonly flags: readonly Flag[];
  readonly shortfalls: readonly Shortfall[];
}

const callerText = (c: ProbeCaller): string =>
  `${c.role} ${c.address}${c.slot === null ? "" : ` (address read from storage slot ${c.slot})`}`;

function attemptFigures(a: NftAttempt, sampleId: bigint | null): Record<string, string> {
  const figures: Record<string, string> = { selector: a.selector, layout: a.layout, caller: a.caller.address };
  figures.callerRole = a.caller.role;
  if (sampleId !== null) figures.tokenId = sampleId.toString();
  if (a.before.totalSupply !== null) figures.supplyBefore = a.before.totalSupply.toString();
  if (a.after.totalSupply !== null) figures.supplyAfter = a.after.totalSupply.toString();
  return figures;
}

function privilegedFlags(e: NftCapabilityEvidence, classified: readonly ClassifiedNftAttempt[]): Flag[] {
  const flags: Flag[] = [];
  const done = new Set<FlagCode>();
  for (const c of classified) {
    for (const kind of c.privileged) {
      const code = PRIVILEGED_FLAGS[kind];
      if (done.has(code)) continue;
      done.add(code);
      const a = c.attempt;
      const strangerNote =
        a.stranger === null
          ? ""
          : `; the same call from a random address ${a.stranger.address} ${a.stranger.callOk ? "had no such effect" : "reverted"}`;
      flags.push(
        raiseFlag(code, {
          detail: `Proven by simulation: ${a.selector} ${a.layout} called as ${callerText(a.caller)}: ${describeNftChange(a.before, a.after, [kind])}${strangerNote}.`,
          counterparties: [a.caller.address],
          holders: e.sample === null || kind === "mint" ? [] : [e.sample.holder],
          figures: attemptFigures(a, kind === "mint" ? null : (e.sample?.tokenId ?? null)),
        }),
      );
    }
  }
  return flags;
}

/** Anyone (a random address, no approval) can burn or move an item someone else holds: worse than an owner can. */
function publicTakeFlag(e: NftCapabilityEvidence, classified: readonly ClassifiedNftAttempt[]): Flag | null {
  const hit = classified.find((c) => c.public.includes("burn") || c.public.includes("move"));
  const s = hit?.attempt.stranger;
  if (hit === undefined || s === undefined || s === null) return null;
  const kinds = hit.public.filter((k) => k === "burn" || k === "move");
  return raiseFlag("NFT_ANYONE_CAN_TAKE", {
    detail: `Proven by simulation: ${hit.attempt.selector} ${hit.attempt.layout} called by a random address ${s.address} with no approval: ${describeNftChange(s.before, s.after, kinds)}.`,
    counterparties: [s.address],
    holders: e.sample === null ? [] : [e.sample.holder],
    figures: {
      selector: hit.attempt.selector,
      layout: hit.attempt.layout,
      effect: kinds.join("+"),
      tokenId: e.sample?.tokenId.toString() ?? "",
    },
  });
}

/** Anyone can rewrite the metadata: reported as NFT_METADATA_MUTABLE at medium severity. */
function publicMetadataFlag(classified: readonly ClassifiedNftAttempt[]): Flag | null {
  const hit = classified.find((c) => c.public.includes("metadata"));
  const s = hit?.attempt.stranger;
  if (hit === undefined || s === undefined || s === null) return null;
  return raiseFlag(
    "NFT_METADATA_MUTABLE",
    {
      detail: `Proven by simulation: ${hit.attempt.selector} ${hit.attempt.layout} called by a random address ${s.address} changed the token URI of an existing item.`,
      counterparties: [s.address],
      figures: { selector: hit.attempt.selector, layout: hit.attempt.layout, caller: "anyone" },
    },
    { severity: "medium", points: -15 },
  );
}

function oversupplyFlag(e: NftCapabilityEvidence): Flag | null {
  const max = e.maxSupply;
  if (max === null || e.oversupply === null) return null;
  const hit = e.oversupply.find(
    (o: NftOversupplyAttempt) => o.callOk && o.supplyAfter !== null && o.supplyAfter > max.value,
  );
  if (hit === undefined) return null;
  return raiseFlag("NFT_OVERSUPPLY_MINT", {
    detail: `Proven by simulation: ${hit.selector} asked for ${hit.requested} item(s) as ${hit.caller.role} ${hit.caller.address}: totalSupply ${hit.supplyBefore ?? "?"} -> ${hit.supplyAfter}, above ${max.getter} = ${max.value}.`,
    counterparties: [hit.caller.address],
    figures: {
      selector: hit.selector,
      maxSupply: max.value.toString(),
      getter: max.getter,
      supplyBefore: hit.supplyBefore?.toString() ?? "unknown",
      supplyAfter: hit.supplyAfter?.toString() ?? "unknown",
    },
  });
}

/**
 * Frozen is claimed only on full evidence: an existing item's URI was read, every dispatched function was
 * tried by every candidate and a random caller, none changed it, and no proxy can swap the code.
 */
function frozenFlag(e: NftCapabilityEvidence, flags: readonly Flag[]): Flag | null {
  if (flags.some((f) => f.code === "NFT_METADATA_MUTABLE")) return null;
  if (e.sample === null || !e.sampleUriRead || e.upgradeable || e.skippedSelectors > 0 || e.gaps.length > 0)
    return null;
  return raiseFlag("NFT_METADATA_FROZEN", {
    detail: `No simulated call changed the token URI of item ${e.sample.tokenId}: ${e.probedSelectors.length} non-standard function(s) tried as ${e.callers.length} candidate caller(s) and a random address; the collection is not an upgradeable proxy.`,
    figures: {
      probedSelectors: e.probedSelectors.length,
      callers: e.callers.length,
      tokenId: e.sample.tokenId.toString(),
    },
  });
}

/** NFT capability flags from the probes' evidence; null evidence (probes did not run) is a limitation, never "safe". */
export function nftCapabilityFindings(e: NftCapabilityEvidence | null): NftCapabilityFindings {
  if (e === null)
    return {
      flags: [],
      shortfalls: [
        {
          cost: PROBE_MISSING_COST,
          limitation:
            "The capability probes did not run: whether a privileged caller can mint, burn, move items or change metadata is unknown (not absent).",
        },
      ],
    };
  const classified = e.attempts.map((a) => classifyAttempt(e.standard, e.sample, a));
  const flags: Flag[] = privilegedFlags(e, classified);
  const publicMeta = flags.some((f) => f.code === "NFT_METADATA_MUTABLE") ? null : publicMetadataFlag(classified);
  for (const f of [publicTakeFlag(e, classified), publicMeta, oversupplyFlag(e)]) if (f !== null) flags.push(f);
  const frozen = frozenFlag(e, flags);
  if (frozen !== null) flags.push(frozen);
  const shortfalls: Shortfall[] = e.gaps.map((limitation) => ({ cost: PROBE_PARTIAL_COST, limitation }));
  if (e.skippedSelectors > 0)
    shortfalls.push({
      cost: PROBE_PARTIAL_COST,
      limitation: `${e.skippedSelectors} dispatched function(s) were beyond the probe's cap and were not tried.`,
    });
  return { flags, shortfalls };
}
