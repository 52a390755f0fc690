// A pass plugin whose registration fails: it registers a pass under a name tl-opt already has.
export function registerPasses({ pass, registry }) {
  registry.registerPass(pass.definePass({ argument: 'cse', summary: 'Another cse', run() {} }));
}
