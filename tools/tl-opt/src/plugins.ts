import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ir from '@tlir/ir';
import * as pass from '@tlir/pass';
import * as rewrite from '@tlir/rewrite';
import * as transforms from '@tlir/transforms';
import { DIALECT_MODULES, type DialectModules } from '@tlir/registry';
import { renderAtFrame, syntaxErrorOf, type LoadedPlugins } from './plugin-failures.js';

/**
 * What tl-opt hands a plugin: the framework's own modules (a plugin must use these, not import its own copy:
 * traits, interned types and the registry are compared by identity), the pass registry, and a way to add
 * dialects to every context tl-opt creates.
 *
 * A pass plugin is an ESM module exporting `registerPasses(host)`; a dialect plugin exports
 * `registerDialects(host)`:
 *
 * ```js
 * export function registerPasses({ pass, registry }) {
 *   registry.registerPass(pass.definePass({ argument: 'my-pass', summary: '...', run(op) { ... } }));
 * }
 * ```
 */
export interface PluginHost {
  /** The plugin interface version; this is 1. */
  readonly apiVersion: 1;
  readonly ir: typeof ir;
  readonly rewrite: typeof rewrite;
  readonly pass: typeof pass;
  readonly transforms: typeof transforms;
  /**
   * The dialect packages tlir ships, by dialect name (`dialects.arith`, `dialects.scf`, ...): their op definitions
   * build ops of those dialects, `dialects.arith.ConstantOp.create(rewriter, { value, result })`.
   */
  readonly dialects: DialectModules;
  /** The registry tl-opt builds its pipeline from: passes and pipelines registered here become flags too. */
  readonly registry: pass.PassRegistry;
  /** Loads `dialect` into every context tl-opt creates. */
  registerDialect(dialect: ir.Dialect): void;
}

export function createPluginHost(registry: pass.PassRegistry, dialects: ir.Dialect[]): PluginHost {
  return Object.freeze({
    apiVersion: 1 as const,
    ir,
    rewrite,
    pass,
    transforms,
    dialects: DIALECT_MODULES,
    registry,
    registerDialect: (d: ir.Dialect) => {
      const other = dialects.find((x) => x.name === d.name);
      if (other === d) return;
      if (other || d.name === 'builtin') throw new Error(`a dialect named '${d.name}' is already registered`);
      dialects.push(d);
    },
  });
}

/**
 * How plugin modules are imported: `import()`, unless whatever started tl-opt provides its own (bin/tl-opt.js
 * runs the bundle as a script compiled from a code cache, where `import()` has no loader to go to).
 */
let importModule = (url: string): Promise<unknown> => import(url);

/** Makes `loadPlugin` import plugin modules with `f` (see importModule). */
export function setPluginImporter(f: (url: string) => Promise<unknown>): void {
  importModule = f;
}

/** Why a plugin could not be loaded: a one-line message, or a diagnostic rendered at the plugin's source. */
export type PluginLoadError = { readonly message: string } | { readonly rendered: string };

/**
 * Loads a plugin module (a path relative to the working directory) and calls its registration function; records
 * it (and the passes it registers) in `loaded`. Returns why it failed, if it did: a syntax error at its place in
 * the plugin, an exception in its registration function at the plugin's frame.
 */
export async function loadPlugin(file: string, kind: 'pass' | 'dialect', host: PluginHost, loaded?: LoadedPlugins): Promise<PluginLoadError | undefined> {
  const entry = kind === 'pass' ? 'registerPasses' : 'registerDialects';
  let mod: Record<string, unknown>;
  loaded?.add(file);
  try {
    mod = (await importModule(pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return { message: `could not load ${kind} plugin '${file}': No such file or directory` };
    const located = e instanceof SyntaxError ? syntaxErrorOf(file, e.message) : undefined;
    if (located) return { rendered: located };
    const frame = loaded?.frameOf(e);
    const msg = e instanceof Error ? e.message : String(e);
    if (frame) return { rendered: renderLoadFailure(frame, `could not load ${kind} plugin: ${e instanceof Error ? e.name : 'Error'}: ${msg}`) };
    return { message: `could not load ${kind} plugin '${file}': ${msg}` };
  }
  const register = mod[entry];
  if (typeof register !== 'function') return { message: `${kind} plugin '${file}' does not export a function '${entry}'` };
  const before = new Set(host.registry.passes.map((p) => p.argument));
  try {
    await (register as (h: PluginHost) => unknown)(host);
  } catch (e) {
    const frame = loaded?.frameOf(e);
    const msg = `${kind} plugin '${file}' failed to register: ${e instanceof Error ? e.message : String(e)}`;
    // Thrown by the plugin's own code: at its line; thrown by tlir for the plugin (a name taken): the message.
    const innermost = frame && e instanceof Error && firstFrameIsPlugin(e, loaded!);
    return innermost ? { rendered: renderLoadFailure(frame, msg) } : { message: msg };
  } finally {
    loaded?.own(file, host.registry.passes.map((p) => p.argument).filter((a) => !before.has(a)));
  }
  return undefined;
}

/** Whether the innermost frame of `e` with a file is a plugin's. */
function firstFrameIsPlugin(e: Error, loaded: LoadedPlugins): boolean {
  const first = (e.stack ?? '').split('\n').find((l) => /^\s*at .*:\d+:\d+\)?$/.test(l) && !/\(node:|at node:/.test(l));
  return first !== undefined && loaded.frameOf(Object.assign(new Error(), { stack: first })) !== undefined;
}

function renderLoadFailure(frame: { file: string; line: number; column: number }, message: string): string {
  return renderAtFrame(frame, 'error', message);
}
