export { runTlOpt, processIO, VERSION, type ToolIO } from './tl-opt.js';
export { parseOptions, helpText, type TlOptOptions } from './options.js';
