// A pass plugin whose pass throws while it runs (a bug in the plugin, not in tlir).
export function registerPasses({ pass, registry }) {
  registry.registerPass(
    pass.definePass({
      argument: 'crash-on-func',
      summary: 'Throws at the first func.func',
      run(op) {
        op.walk((inner) => {
          if (inner.name === 'func.func') throw new TypeError('cannot handle func.func');
        });
      },
    }),
  );
}
