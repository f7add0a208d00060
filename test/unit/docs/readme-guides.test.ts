import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const README = join(ROOT, "README.md");
const DOCS = join(ROOT, "docs");
/** Issue 30 item 7: the first page a newcomer reads stays short; everything else is a guide linked from it. */
const README_MAX_LINES = 200;

const guides = (): string[] =>
  readdirSync(DOCS)
    .filter((name) => name.endsWith(".md"))
    .sort();

/** Markdown with fenced blocks and inline code removed: links there are examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[^`\n]*?\1/g, "");
}

/** Every `[text](target)` and `![alt](target)` target, without an optional title. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1] ?? "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const headings = [...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1] ?? "");
  return new Set(
    headings.map((heading) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    ),
  );
}

/** A relative link's problem, or null when it resolves (external links are not checked here). */
function brokenLink(fromFile: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [path = "", anchor] = target.split("#", 2);
  const file = path === "" ? fromFile : resolve(dirname(fromFile), decodeURIComponent(path));
  if (!file.startsWith(ROOT)) return `${target} leaves the repository`;
  if (!existsSync(file)) return `${target} does not exist`;
  if (anchor !== undefined && file.endsWith(".md") && !headingAnchors(readFileSync(file, "utf8")).has(anchor)) {
    return `${target}: no heading with that anchor`;
  }
  return null;
}

describe("README and the guides in docs/", () => {
  const readme = readFileSync(README, "utf8");

  it(`keeps README.md under ${README_MAX_LINES} lines`, () => {
    const lines = readme.replace(/\n$/, "").split("\n").length;
    expect(lines, "README.md lines").to.be.below(README_MAX_LINES);
  });

  it("links every docs/*.md guide from README.md", () => {
    const linked = new Set(
      linkTargets(readme)
        .map((target) => target.split("#")[0] ?? "")
        .filter((path) => path.startsWith("docs/"))
        .map((path) => path.slice("docs/".length)),
    );
    const unlinked = guides().filter((guide) => !linked.has(guide));
    expect(guides()).to.not.be.empty;
    expect(unlinked, "guides README.md does not link").to.deep.equal([]);
  });

  it("opens every guide with a one-line title and a link back to README.md", () => {
    for (const guide of guides()) {
      const [title, blank, back] = readFileSync(join(DOCS, guide), "utf8").split("\n");
      expect(title, guide).to.match(/^# \S/);
      expect(blank, guide).to.equal("");
      expect(linkTargets(back ?? ""), guide).to.include("../README.md");
    }
  });

  it("resolves every relative link in README.md and docs/*.md to a file in the repository", () => {
    const files = [README, ...guides().map((guide) => join(DOCS, guide))];
    const broken = files.flatMap((file) =>
      linkTargets(readFileSync(file, "utf8"))
        .map((target) => brokenLink(file, target))
        .filter((problem): problem is string => problem !== null)
        .map((problem) => `${relative(ROOT, file)}: ${problem}`),
    );
    expect(broken).to.deep.equal([]);
  });
});
