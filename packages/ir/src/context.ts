import type { Attribute } from './attribute.js';
import { BuiltinDialect } from './builtin-dialect.js';
import { DiagnosticEngine } from './diagnostics.js';
import type { ExternalResourceEntry } from './external-resources.js';
import { primeFieldMutability } from './field-priming.js';
import { IntKeyTable } from './hash-table.js';
import type { Dialect } from './dialect.js';
import { OperationName, type OpDefinition } from './op-definition.js';
import { SourceManager } from './source-manager.js';
import type { Type } from './type.js';

/**
 * Owns everything that is shared by the IR of a compilation: the registry of dialects and their operations,
 * the interned types and attributes (so equality is identity), the diagnostics engine and the source buffers
 * used to render diagnostics.
 */
export class Context {
  /** Whether operations, types and attributes of unknown dialects may appear (`--allow-unregistered-dialect`). */
  allowUnregisteredDialects = false;
  /**
   * Whether an op's errors carry a note showing the op (`see current operation: ...`), as MLIR's
   * MLIRContext::printOpOnDiagnostic (on by default; mlir-opt turns it off to verify diagnostics).
   */
  printOpOnDiagnostic = true;
  readonly diagnostics = new DiagnosticEngine();
  /**
   * Set once a type or attribute that the printer gives an alias without `--mlir-print-debuginfo` has been
   * created (a location attribute, a tuple of more than 16 types): until then printing skips the alias walk.
   */
  mayHaveAliases = false;
  /**
   * The builtin dialect's resource blobs by key (what `dense_resource<key>` attributes refer to), each with its
   * 4-byte little-endian alignment first, as a file's `{-# dialect_resources: { builtin: ... } #-}` gives them.
   */
  readonly builtinResources = new Map<string, Uint8Array>();
  /** A file's `external_resources` by group, kept as read and printed back (external-resources.ts). */
  readonly externalResources = new Map<string, ExternalResourceEntry[]>();
  readonly sources = new SourceManager();

  private readonly uniqued = new Map<string, Type | Attribute>();
  /** Values interned by a numeric hash (see `internedByHash`): one value, or several when hashes collide. */
  private readonly hashed = new IntKeyTable<Type | Attribute | (Type | Attribute)[]>();
  private nextId = 0;
  private readonly dialects = new Map<string, Dialect>();
  private readonly opNames = new Map<string, OperationName>();

  constructor(options: { allowUnregisteredDialects?: boolean; dialects?: readonly Dialect[] } = {}) {
    this.allowUnregisteredDialects = options.allowUnregisteredDialects ?? false;
    this.loadDialect(BuiltinDialect);
    for (const d of options.dialects ?? []) this.loadDialect(d);
    // Once per process (see field-priming.ts): a scratch context, so nothing is made in this one.
    primeFieldMutability(() => new Context({ allowUnregisteredDialects: true }));
  }

  /**
   * Returns the object interned under `key`, creating it with `make` the first time. `key` must identify the
   * value completely (kind and parameters); nested types and attributes contribute their ids.
   */
  intern<T extends Type | Attribute>(key: string, make: () => T): T {
    let v = this.uniqued.get(key);
    if (v === undefined) {
      v = make();
      v.id = this.nextId++;
      this.uniqued.set(key, v);
    }
    return v as T;
  }

  /**
   * Gives `v` an id without interning it: a value equal only to itself (a `distinct[N]<...>` attribute, which
   * MLIR creates anew each time).
   */
  createUnique<T extends Type | Attribute>(v: T): T {
    v.id = this.nextId++;
    return v;
  }

  /**
   * The values interned under `hash` by `internByHash` (none, one, or several when hashes collide): the kinds
   * of types and attributes created by the thousand (constants, dictionaries, function types) are interned by a
   * hash of their parameters, which the caller checks, rather than by a key string, which costs several times
   * more to build and look up.
   */
  internedByHash(hash: number): Type | Attribute | readonly (Type | Attribute)[] | undefined {
    return this.hashed.get(hash);
  }

  /** Interns `v` under `hash` (no interned value has its parameters: see `internedByHash`); `v` gets its id. */
  internByHash<T extends Type | Attribute>(hash: number, v: T): T {
    v.id = this.nextId++;
    const existing = this.hashed.get(hash);
    if (existing === undefined) this.hashed.set(hash, v);
    else if (Array.isArray(existing)) existing.push(v);
    else this.hashed.set(hash, [existing as Type | Attribute, v]);
    return v;
  }

  /** Registers a dialect and its operations; loading the same dialect object twice is a no-op. */
  loadDialect(dialect: Dialect): void {
    const existing = this.dialects.get(dialect.name);
    if (existing === dialect) return;
    if (existing) throw new Error(`a different dialect named '${dialect.name}' is already loaded`);
    this.dialects.set(dialect.name, dialect);
    for (const def of dialect.operations ?? []) this.registerOperation(def);
  }

  getDialect(name: string): Dialect | undefined {
    return this.dialects.get(name);
  }

  get loadedDialects(): Dialect[] {
    return [...this.dialects.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Registers one operation definition (normally done through its dialect). */
  registerOperation(def: OpDefinition): void {
    const existing = this.opNames.get(def.name);
    if (existing?.def) throw new Error(`operation '${def.name}' is already registered`);
    if (existing) existing.register(def);
    else this.opNames.set(def.name, new OperationName(def.name, def, this));
  }

  /** The interned name of an operation, registered or not. */
  getOperationName(name: string): OperationName {
    let n = this.opNames.get(name);
    if (!n) {
      n = new OperationName(name, undefined, this);
      this.opNames.set(name, n);
    }
    return n;
  }

  /**
   * Whether some registered operation implements `iface` (a walk that only looks for implementations can be
   * skipped when none does).
   */
  anyRegisteredOpImplements(iface: Parameters<OperationName['getInterface']>[0]): boolean {
    for (const n of this.opNames.values()) if (n.def && n.getInterface(iface) !== undefined) return true;
    return false;
  }

  /** The registered definition of `name`, if any. */
  lookupOperation(name: string): OpDefinition | undefined {
    return this.opNames.get(name)?.def;
  }
}
