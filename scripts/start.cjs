// `npm start`: runs src/infrastructure/main.ts from a build cached by the hash of its inputs (.cache/build/<key>/).
// Through tsx every start resolved and loaded ~1,700 modules through tsx's loader thread, 4-6 s before the first
// line of main ran; one esbuild bundle of src and the packages it uses loads in ~1 s. A changed file under src,
// tsconfig.json, package.json or package-lock.json changes the key, and the next start builds again (~2-3 s).
// Plain CommonJS, so that nothing has to be transpiled before it runs.
//   node scripts/start.cjs [--reseed]    build if needed, then start (what `npm start` runs)
//   node scripts/start.cjs --build-only  build if needed and exit (postinstall)
"use strict";
const { createHash } = require("node:crypto");
const { existsSync, readdirSync, readFileSync, realpathSync } = require("node:fs");
const { mkdir, readdir, rename, rm, writeFile } = require("node:fs/promises");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

const ROOT = path.resolve(__dirname, "..");
const ENTRY = "src/infrastructure/main.ts";
/** Inputs beside src/ that change what the bundle is or which package files it names. */
const INPUT_FILES = ["tsconfig.json", "package.json", "package-lock.json", "scripts/start.cjs"];
const KEEP_BUILDS = 3;
/**
 * Packages Node loads itself: native code (EDR), or code that finds files beside its own at run time (pino's
 * worker, ioredis' scripts, node-pg-migrate's templates). Any other package whose bundled code names its own
 * location is found after the build and kept out too (see outsidersMissed).
 */
const EXTERNAL = ["hardhat", "@nomicfoundation/edr", "solc", "pino", "ioredis", "node-pg-migrate"];
const NAMES_ITS_OWN_LOCATION = /__dirname|__filename|import\.meta|require\.resolve/;

function filesUnder(dir) {
  const files = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(dir);
  return files.sort();
}

/**
 * The build's key: every file under src (path and content), the files beside it that shape the bundle, where the
 * packages live (the bundle names external ones by absolute path), and the Node and esbuild versions. Also says
 * which source files read `import.meta.url`.
 */
function buildKey(root = ROOT) {
  const hash = createHash("sha256");
  const sources = filesUnder(path.join(root, "src"));
  const readsOwnUrl = [];
  for (const file of [...sources, ...INPUT_FILES.map((f) => path.join(root, f))]) {
    const content = existsSync(file) ? readFileSync(file) : Buffer.from("absent");
    hash.update(path.relative(root, file)).update("\0").update(content).update("\0");
    if (file.endsWith(".ts") && content.includes("import.meta.url")) readsOwnUrl.push(file);
  }
  const modules = path.join(root, "node_modules");
  const esbuild = path.join(modules, "esbuild", "package.json");
  hash.update(existsSync(modules) ? realpathSync(modules) : "no node_modules");
  hash.update(existsSync(esbuild) ? String(JSON.parse(readFileSync(esbuild, "utf8")).version) : "no esbuild");
  hash.update(process.version);
  return { key: hash.digest("hex").slice(0, 32), readsOwnUrl };
}

/** The package a file in node_modules belongs to (the innermost node_modules/<name>, scope included). */
function packageOf(file) {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf("node_modules");
  if (at < 0 || parts[at + 1] === undefined) return null;
  return parts[at + 1].startsWith("@") ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * Imports of the packages named in `external` stay outside the bundle, named by the file esbuild resolves
 * (`hardhat/internal/...` has no extension, which Node's own resolution refuses), so Node loads them as it would
 * have anyway. Every other import esbuild resolves and bundles itself.
 */
function packagesOutside(external) {
  const filter = new RegExp(`^(${[...external].map(escapeRegExp).join("|")})(/|$)`);
  return {
    name: "packages-outside",
    setup(build) {
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData === "inner") return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: "inner",
        });
        return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, external: true };
      });
    },
  };
}

/** `import.meta.url` in the bundle would name the bundle: each file keeps its own (asset, migration, cache paths). */
function ownImportMetaUrl(files) {
  const filter = new RegExp(`^(${files.map(escapeRegExp).join("|")})$`);
  return {
    name: "own-import-meta-url",
    setup(build) {
      build.onLoad({ filter }, async (args) => {
        const url = JSON.stringify(pathToFileURL(args.path).href);
        return { contents: readFileSync(args.path, "utf8").replaceAll("import.meta.url", url), loader: "ts" };
      });
    },
  };
}

/** Bundled packages whose code names its own location: they have to stay outside (built again without them). */
function outsidersMissed(root, metafile) {
  const missed = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const name = packageOf(input);
    if (name === null || missed.has(name)) continue;
    if (NAMES_ITS_OWN_LOCATION.test(readFileSync(path.resolve(root, input), "utf8"))) missed.add(name);
  }
  return missed;
}

/** Resolves to the bundle for the current sources, building it first when the cache has none. */
async function ensureBuild(options = {}) {
  const root = options.root ?? ROOT;
  const cacheDir = options.cacheDir ?? path.join(root, ".cache", "build");
  const entry = options.entry ?? ENTRY;
  const { key, readsOwnUrl } = buildKey(root);
  const dir = path.join(cacheDir, key);
  const bundle = path.join(dir, "main.mjs");
  if (existsSync(path.join(dir, "complete"))) return { bundle, key, built: false };
  const started = Date.now();
  // Built beside the final place, then renamed: a start running at the same time never imports half a build.
  const partial = `${dir}.${process.pid}.tmp`;
  await rm(partial, { recursive: true, force: true });
  const esbuild = require("esbuild");
  const external = new Set(options.external ?? EXTERNAL);
  for (;;) {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [path.join(root, entry)],
      outfile: path.join(partial, "main.mjs"),
      bundle: true,
      platform: "node",
      format: "esm",
      target: `node${process.versions.node.split(".")[0]}`,
      // Class and function names as written (errors, logs).
      keepNames: true,
      sourcemap: "linked",
      sourcesContent: false,
      metafile: true,
      // Optional dependencies a package requires inside try/catch (pg-native, bufferutil) fail at run time, as before.
      logLevel: "error",
      // Bundled CommonJS code requires Node's built-ins (and whatever it computes a name for) through this.
      banner: {
        js: 'import { createRequire as __credenceRequire } from "node:module"; const require = __credenceRequire(import.meta.url);',
      },
      plugins: [packagesOutside(external), ownImportMetaUrl(readsOwnUrl)],
    });
    const missed = outsidersMissed(root, result.metafile);
    if (missed.size === 0) break;
    for (const name of missed) external.add(name);
  }
  await writeFile(path.join(partial, "complete"), `${new Date().toISOString()}\n`);
  await mkdir(cacheDir, { recursive: true });
  try {
    await rename(partial, dir);
  } catch (error) {
    // Another start finished the same build first: theirs is as good as ours.
    await rm(partial, { recursive: true, force: true });
    if (!existsSync(path.join(dir, "complete"))) throw error;
  }
  await pruneBuilds(cacheDir, key);
  return { bundle, key, built: true, ms: Date.now() - started, external: [...external] };
}

/** Keeps the newest KEEP_BUILDS builds (a start of the previous sources may still be loading one). */
async function pruneBuilds(cacheDir, key) {
  const entries = await readdir(cacheDir, { withFileTypes: true });
  const builds = entries
    .filter((e) => e.isDirectory() && e.name !== key && !e.name.endsWith(".tmp"))
    .map((e) => {
      const marker = path.join(cacheDir, e.name, "complete");
      return { name: e.name, at: existsSync(marker) ? readFileSync(marker, "utf8") : "" };
    })
    .sort((a, b) => (a.at < b.at ? 1 : -1));
  for (const old of builds.slice(KEEP_BUILDS - 1))
    await rm(path.join(cacheDir, old.name), { recursive: true, force: true });
}

async function main() {
  const result = await ensureBuild();
  if (result.built) console.error(`credence: built ${ENTRY} into .cache/build/${result.key} in ${result.ms} ms`);
  if (process.argv.includes("--build-only")) return;
  // Stack traces name src/*.ts lines, as under tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(result.bundle).href);
}

module.exports = { buildKey, ensureBuild };

if (require.main === module) {
  main().catch((error) => {
    console.error("credence: failed to build or start:", error);
    process.exit(1);
  });
}
