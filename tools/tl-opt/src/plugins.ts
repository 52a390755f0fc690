import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as ir from '@tlir/ir';
import * as pass from '@tlir/pass';
import * as rewrite from '@tlir/rewrite';
import * as transforms from '@tlir/transforms';
import { DIALECT_MODULES, type DialectModules } from '@tlir/registry';

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

/**
 * Loads a plugin module (a path relative to the working directory) and calls its registration function.
 * Returns an error message on failure.
 */
export async function loadPlugin(file: string, kind: 'pass' | 'dialect', host: PluginHost): Promise<string | undefined> {
  const entry = kind === 'pass' ? 'registerPasses' : 'registerDialects';
  let mod: Record<string, unknown>;
  try {
    mod = (await importModule(pathToFileURL(resolve(file)).href)) as Record<string, unknown>;
  } catch (e) {
    const msg = (e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' ? 'No such file or directory' : e instanceof Error ? e.message : String(e);
    return `could not load ${kind} plugin '${file}': ${msg}`;
  }
  const register = mod[entry];
  if (typeof register !== 'function') return `${kind} plugin '${file}' does not export a function '${entry}'`;
  try {
    await (register as (h: PluginHost) => unknown)(host);
  } catch (e) {
    return `${kind} plugin '${file}' failed to register: ${e instanceof Error ? e.message : String(e)}`;
  }
  return undefined;
}
