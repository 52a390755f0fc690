// The public surface of @tlir/pass: passes, pass managers, pipelines, the registry, analyses, instrumentation.
export * from './analysis.js';
export * from './instrumentation.js';
export * from './options.js';
export * from './pass.js';
export * from './pass-manager.js';
export * from './pipeline-parser.js';
export { platform, setPlatform, type Platform } from './platform.js';
export * from './registry.js';
export * from './timing.js';
