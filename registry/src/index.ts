// The public surface of @tlir/registry: every dialect, pass, pipeline, interpreter implementation and translation
// tlir ships. tl-opt, tl-run, tl-translate and plugins take them from here.
export { DEFAULT_DIALECTS } from './dialects.js';
export { DIALECT_MODULES, type DialectModules } from './dialect-modules.js';
export { registerAllInterpreters } from './interpreters.js';
export { createPassRegistry, registerAllPasses } from './passes.js';
export { TRANSLATIONS, type TranslationName } from './translations.js';
