export { runTlOpt, processIO, VERSION, type ToolIO } from './tl-opt.js';
export { parseOptions, helpText, type TlOptOptions } from './options.js';
export { createPluginHost, loadPlugin, type PluginHost } from './plugins.js';
export { createPassRegistry } from './registry.js';
export { DEFAULT_DIALECTS } from './default-dialects.js';
