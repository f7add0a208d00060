/**
 * The hexagon's dependency rule, enforced by `npm test`.
 * domain -> only domain (plus fp-ts / io-ts); application -> domain and application;
 * an adapter family never reaches into another family's files (they meet in infrastructure).
 */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "src/domain holds pure rules: it may import only itself, fp-ts and io-ts.",
      from: { path: "^src/domain" },
      to: { pathNot: ["^src/domain", "node_modules/(fp-ts|io-ts)/"] },
    },
    {
      name: "application-knows-no-adapters",
      severity: "error",
      comment: "Use-cases and ports see the domain and each other, never adapters or infrastructure.",
      from: { path: "^src/application" },
      to: { path: ["^src/adapters", "^src/infrastructure"] },
    },
    {
      name: "application-uses-no-frameworks",
      severity: "error",
      from: { path: "^src/application" },
      to: { path: "node_modules/(koa|@koa|ethers|pg|ioredis|hardhat|pino|nock)/" },
    },
    {
      name: "adapter-families-stay-apart",
      severity: "error",
      comment: "adapters/<family> may not import adapters/<other family>; wiring happens in infrastructure.",
      from: { path: "^src/adapters/([^/]+)/" },
      to: { path: "^src/adapters/([^/]+)/", pathNot: ["^src/adapters/$1/", "^src/adapters/shared/"] },
    },
    {
      name: "nothing-imports-infrastructure",
      severity: "error",
      from: { path: "^src/(domain|application|adapters)" },
      to: { path: "^src/infrastructure" },
    },
    {
      name: "dev-world-is-an-overlay",
      severity: "error",
      comment:
        "Only the composition root knows the embedded dev world; domain, application and adapters never import it.",
      from: { path: "^src/(domain|application|adapters)" },
      to: { path: "^src/dev-world" },
    },
    {
      name: "production-imports-no-tests",
      severity: "error",
      comment: "Test-only adapters and fakes live in test/support; nothing under src may import them.",
      from: { path: "^src" },
      to: { path: "^test" },
    },
    {
      name: "areas-meet-through-bridges",
      severity: "error",
      comment:
        "A use-case area reaches another only through a port (in its own folder or application/ports) that a bridge in application/bridges implements; the composition root binds the bridge.",
      from: { path: "^src/application/use-cases/([^/]+)/" },
      to: { path: "^src/application/use-cases/", pathNot: "^src/application/use-cases/$1/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
