// The architecture's rules, checked by test/architecture/dependencies.test.ts (part of `pnpm test`) and by
// `pnpm check:deps`. Dependencies point one way (docs/architecture.md):
//   packages/ir <- rewrite, pass, interpreter, runtime <- transforms <- dialects <- frontends, conversions, targets
//   <- registry <- tools
// Only the packages' sources (src/) are checked; tests may use any package to build their inputs.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-value-imports',
      severity: 'error',
      comment: 'A value import that forms a circle (type-only imports are erased and may).',
      from: { path: '^(packages|dialects|frontends|conversions|targets|registry|tools)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] }, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'dialects-import-no-lowering',
      severity: 'error',
      comment: 'A dialect holds ops, types, attributes, interfaces, folders, patterns and interpreter implementations: it never imports a conversion, a target, a front end, the registry or a tool.',
      from: { path: '^dialects/[^/]+/src/' },
      to: { path: '^(conversions|targets|frontends|registry|tools)/' },
    },
    {
      name: 'ir-imports-only-itself',
      severity: 'error',
      comment: 'packages/ir is the core: it imports nothing outside itself (Node built-ins aside).',
      from: { path: '^packages/ir/src/' },
      to: { pathNot: '^packages/ir/src/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'framework-imports-no-dialect',
      severity: 'error',
      comment: 'The framework packages (ir, rewrite, pass, interpreter, runtime, transforms) are dialect-free.',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '^(dialects|frontends|conversions|targets|registry|tools)/' },
    },
    {
      name: 'conversions-frontends-targets-import-no-tool',
      severity: 'error',
      comment: 'Front ends, conversions and targets sit below the registry and the tools.',
      from: { path: '^(frontends|conversions|targets)/[^/]+/src/' },
      to: { path: '^(registry|tools)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the checker cannot resolve would hide a violation.',
      from: { path: '^(packages|dialects|frontends|conversions|targets|registry|tools)/[^/]+/src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|test)/' },
    includeOnly: '^(packages|dialects|frontends|conversions|targets|registry|tools)/[^/]+/src/|^registry/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.base.json') },
    // @tlir/* imports resolve, through the workspace links, to the packages' TypeScript sources.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@tlir/source', 'import', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
  },
};
