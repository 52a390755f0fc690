// A dialect plugin that registers a dialect under a name tl-opt already has.
export function registerDialects({ registerDialect }) {
  registerDialect({ name: 'func', operations: [] });
}
