// A pass plugin whose registration function throws in its own code.
export function registerPasses() {
  const table = undefined;
  return table.passes;
}
