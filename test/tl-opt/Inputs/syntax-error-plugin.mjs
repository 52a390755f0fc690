// A pass plugin that does not parse.
export function registerPasses({ pass, registry }) {
  const name = 'broken';
  registry.registerPass(pass.definePass({ argument: name summary: 'x', run() {} }));
}
