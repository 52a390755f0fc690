export { runTlTranslate, VERSION } from './tl-translate.js';
export { parseTranslateOptions, HELP, TL_LOWERING, type TlTranslateOptions } from './options.js';
