import { FLAG_CATALOGUE, isFlagCode } from "../../../src/domain/scoring/flag-catalogue";
import type { Instance } from "./instance";

/** What scoring answered for one instance. */
export interface Answer {
  readonly instance: Instance;
  /** Flags raised with a penalty (info findings of penalty flags, such as a renounced owner's mint, do not count). */
  readonly raised: readonly string[];
  readonly blocking: boolean;
  readonly confidence: number;
  readonly coverage: string;
}

export interface FlagQuality {
  readonly code: string;
  readonly tp: number;
  readonly fp: number;
  readonly fn: number;
  readonly precision: number | null;
  readonly recall: number | null;
  readonly blocking: boolean;
  /** Variants of the instances it was raised on without the label, and missed on with it. */
  readonly falsePositiveVariants: readonly string[];
  readonly falseNegativeVariants: readonly string[];
}

export interface Confusion {
  readonly truePositive: number;
  readonly falsePositive: number;
  readonly falseNegative: number;
  readonly trueNegative: number;
}

export interface Report {
  readonly flags: readonly FlagQuality[];
  readonly confusion: Confusion;
  /** Benign instances that received any blocking flag (must be 0). */
  readonly benignBlocked: readonly Instance[];
  readonly instances: { readonly tokens: number; readonly nfts: number; readonly wallets: number };
}

const isBlockingCode = (code: string): boolean => isFlagCode(code) && FLAG_CATALOGUE[code].severity === "critical";

/**
 * Per-flag precision and recall over the flags some generator is labelled with (a flag nobody is labelled
 * with cannot be judged here and is left out), and the confusion of blocking verdicts over every instance.
 */
export function evaluate(answers: readonly Answer[]): Report {
  const evaluated = [...new Set(answers.flatMap((a) => a.instance.expected))].sort();
  const flags = evaluated.map((code) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const fpVariants = new Set<string>();
    const fnVariants = new Set<string>();
    for (const a of answers) {
      const want = a.instance.expected.includes(code);
      const got = a.raised.includes(code);
      if (want && got) tp++;
      else if (got) {
        fp++;
        fpVariants.add(a.instance.variant);
      } else if (want) {
        fn++;
        fnVariants.add(a.instance.variant);
      }
    }
    return {
      code,
      tp,
      fp,
      fn,
      precision: tp + fp === 0 ? null : tp / (tp + fp),
      recall: tp + fn === 0 ? null : tp / (tp + fn),
      blocking: isBlockingCode(code),
      falsePositiveVariants: [...fpVariants].sort(),
      falseNegativeVariants: [...fnVariants].sort(),
    };
  });
  const confusion = { truePositive: 0, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
  for (const a of answers) {
    const actual = a.instance.expected.some(isBlockingCode);
    if (actual && a.blocking) confusion.truePositive++;
    else if (a.blocking) confusion.falsePositive++;
    else if (actual) confusion.falseNegative++;
    else confusion.trueNegative++;
  }
  return {
    flags,
    confusion,
    benignBlocked: answers.filter((a) => a.instance.benign && a.blocking).map((a) => a.instance),
    instances: {
      tokens: answers.filter((a) => a.instance.kind === "token").length,
      nfts: answers.filter((a) => a.instance.kind === "nft").length,
      wallets: answers.filter((a) => a.instance.kind === "wallet").length,
    },
  };
}

/** The targets of issue 17: every blocking flag at recall >= 0.95, and no blocking flag on a benign instance. */
export function meetsTargets(report: Report): boolean {
  return report.benignBlocked.length === 0 && report.flags.every((f) => !f.blocking || (f.recall ?? 0) >= 0.95);
}

const fixed = (x: number | null): string => (x === null ? "n/a" : x.toFixed(2));

export function formatReport(report: Report, seed: number): string {
  const rows = report.flags.map(
    (f) =>
      `| \`${f.code}\`${f.blocking ? " (blocking)" : ""} | ${f.tp} | ${f.fp} | ${f.fn} | ${fixed(f.precision)} | ${fixed(f.recall)} | ${f.falsePositiveVariants.join(", ")} | ${f.falseNegativeVariants.join(", ")} |`,
  );
  const c = report.confusion;
  return [
    `seed ${seed}: ${report.instances.tokens} token, ${report.instances.nfts} NFT collection and ${report.instances.wallets} wallet instances`,
    "",
    "| Flag | TP | FP | FN | Precision | Recall | False positives on | Missed on |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    "| Blocking verdict | predicted blocking | predicted not blocking |",
    "|---|---|---|",
    `| labelled blocking | ${c.truePositive} | ${c.falseNegative} |`,
    `| labelled not blocking | ${c.falsePositive} | ${c.trueNegative} |`,
    "",
    `benign instances with a blocking flag: ${report.benignBlocked.length}${report.benignBlocked.length > 0 ? ` (${report.benignBlocked.map((i) => `${i.variant} ${i.address}`).join(", ")})` : ""}`,
  ].join("\n");
}
