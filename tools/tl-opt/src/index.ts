export { runTlOpt, processIO, VERSION, type ToolIO, type OutputFile } from './tl-opt.js';
export { parseOptions, helpText, type TlOptOptions } from './options.js';
export { createPluginHost, loadPlugin, setPluginImporter, type PluginHost } from './plugins.js';
export { splitInput, DEFAULT_SPLIT_MARKER, type InputChunk, type SplitInput } from './split-input.js';
export { DiagnosticVerifier, type VerifyDiagnosticsLevel } from './verify-diagnostics.js';
export { describeFsError } from './file-system-error.js';
export { describePluginException, LoadedPlugins, RunningPass, renderAtFrame, type PluginFrame } from './plugin-failures.js';
export { type PluginLoadError } from './plugins.js';
