import { FLAG_CATALOGUE, type FlagRule } from "./flag-catalogue";

/** The catalogue as docs/flags.md's flag table: one row per code, with its rule and default effect. */
export function flagCatalogueMarkdown(): string {
  const rows = (Object.entries(FLAG_CATALOGUE) as [string, FlagRule][]).map(
    ([code, r]) =>
      `| \`${code}\` | ${r.appliesTo.join(", ")} | ${r.severity} | ${r.points} | ${r.rule.replace(/\|/g, "\\|")} |`,
  );
  return ["| Code | Applies to | Severity | Points | Rule |", "|---|---|---|---|---|", ...rows].join("\n");
}
