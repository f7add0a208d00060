import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";

/** `npm start`'s launcher: the build cache it runs src from (scripts/start.cjs). */
const { ensureBuild } = createRequire(import.meta.url)("../../../scripts/start.cjs") as {
  ensureBuild: (options: { root: string; cacheDir: string; entry: string }) => Promise<{
    bundle: string;
    key: string;
    built: boolean;
    external: readonly string[];
  }>;
};
const run = async (bundle: string) => (await promisify(execFile)(process.execPath, [bundle])).stdout.trim();

/** A project of a few files: its entry prints where a source file is and what two packages answer. */
async function writeProject(root: string, greeting: string): Promise<void> {
  const files: Record<string, string> = {
    "src/main.ts": `import { where } from "./deep/where";\nimport place from "own-place";\nimport plain from "plain";\nconsole.log(JSON.stringify({ where, place, plain, greeting: ${JSON.stringify(greeting)} }));\n`,
    "src/deep/where.ts": `import { fileURLToPath } from "node:url";\nexport const where: string = fileURLToPath(import.meta.url);\n`,
    // Finds itself by its own location: it has to stay where it is installed.
    "node_modules/own-place/package.json": `{ "name": "own-place", "main": "index.js" }`,
    "node_modules/own-place/index.js": `module.exports = __dirname;\n`,
    "node_modules/plain/package.json": `{ "name": "plain", "main": "index.js" }`,
    "node_modules/plain/index.js": `module.exports = "plain";\n`,
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}

describe("npm start's build cache (scripts/start.cjs)", function () {
  this.timeout(60_000);
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "credence-start-build-"));
  });
  afterEach(async () => rm(root, { recursive: true, force: true }));
  const build = () => ensureBuild({ root, cacheDir: path.join(root, ".cache", "build"), entry: "src/main.ts" });

  it("builds once per content, and a bundle whose files still know where they are and what they load", async () => {
    await writeProject(root, "hello");
    const first = await build();
    const again = await build();
    expect([first.built, again.built, again.bundle]).to.deep.equal([true, false, first.bundle]);
    expect(JSON.parse(await run(first.bundle))).to.deep.equal({
      where: path.join(root, "src/deep/where.ts"),
      place: path.join(root, "node_modules/own-place"),
      plain: "plain",
      greeting: "hello",
    });
    // The package that names its own location was found and left outside; the other one was bundled.
    expect(first.external).to.include("own-place");
    expect(first.external).not.to.include("plain");
  });

  it("builds again when a source file changes", async () => {
    await writeProject(root, "hello");
    const first = await build();
    await writeFile(path.join(root, "src/main.ts"), `console.log(JSON.stringify({ greeting: "changed" }));\n`);
    const second = await build();
    expect(second.key).not.to.equal(first.key);
    expect(second.built).to.equal(true);
    expect(JSON.parse(await run(second.bundle))).to.deep.equal({ greeting: "changed" });
  });
});
