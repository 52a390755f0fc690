/**
 * Reads a kernel manifest: checks a JSON text (or an already parsed value) against the manifest's types and
 * rules (docs/runtime.md) and returns it typed. Every problem is reported, each at its place in the JSON text
 * (file:line:col, the line and a caret) and by its path (`bindings[2].argument`).
 */
import { Diagnostic, FileLineColLoc, SourceManager, UnknownLoc } from '@tlir/ir';
import {
  elementPath,
  JsonSyntaxError,
  memberPath,
  parseJsonWithPositions,
  type JsonWithPositions,
} from './json-with-positions.js';
import { isKernelElementType, kernelElementTypes, wordTypesFor, type WordType } from './kernel-element-type.js';
import {
  KERNEL_MANIFEST_VERSION,
  type BindingSlot,
  type BoundsCheckContract,
  type BoundsCheckSite,
  type DopeVectorLayout,
  type GridContract,
  type KernelArgument,
  type KernelManifest,
  type ManifestBinding,
  type ScalarSlot,
  type SourceMapEntry,
  type SourcePosition,
  type StorageRole,
  type WordSlot,
} from './kernel-manifest.js';
import { GpuRuntimeError } from './runtime-error.js';

export interface ManifestParseOptions {
  /** The manifest's file name in messages; default 'manifest.json'. */
  file?: string;
}

/**
 * The manifest in `input`: JSON text, or a value already parsed (then errors name paths but no lines).
 * Throws a GpuRuntimeError of kind 'manifest' listing every problem.
 */
export function parseKernelManifest(input: string | unknown, options: ManifestParseOptions = {}): KernelManifest {
  const file = options.file ?? 'manifest.json';
  let parsed: JsonWithPositions | undefined;
  let sources: SourceManager | undefined;
  if (typeof input === 'string') {
    sources = new SourceManager();
    sources.addBuffer(file, input);
    try {
      parsed = parseJsonWithPositions(input);
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const loc = new FileLineColLoc(file, error.position.line, error.position.column);
      throw new GpuRuntimeError('manifest', [new Diagnostic('error', loc, `invalid JSON in the kernel manifest: ${error.detail}`)], sources);
    }
  }
  const checker = new ManifestChecker();
  const manifest = checker.check(parsed ? parsed.value : input);
  if (checker.issues.length === 0 && manifest) return manifest;
  const diagnostics = checker.issues.map((issue) => {
    const position = issue.atKey ? parsed?.keyPositions.get(issue.path) : undefined;
    const at = position ?? nearestValuePosition(parsed, issue.path);
    const loc = at ? new FileLineColLoc(file, at.line, at.column) : UnknownLoc.instance;
    const where = issue.path === '' ? 'manifest' : issue.path;
    const prefix = at ? '' : options.file ? `${options.file}: ` : 'kernel manifest: ';
    return new Diagnostic('error', loc, `${prefix}${where}: ${issue.message}`);
  });
  throw new GpuRuntimeError('manifest', diagnostics, sources);
}

/** The position of the value at `path`, or of its nearest enclosing value that has one. */
function nearestValuePosition(parsed: JsonWithPositions | undefined, path: string): { line: number; column: number } | undefined {
  if (!parsed) return undefined;
  for (let p = path; ; p = p.replace(/(\.[^.[]*|\[\d+\])$/, '')) {
    const at = parsed.valuePositions.get(p);
    if (at || p === '') return at;
  }
}

interface Issue {
  readonly path: string;
  readonly message: string;
  /** Point at the member's key rather than its value (an unknown key). */
  readonly atKey?: boolean;
}

type JsonObject = Record<string, unknown>;

const WGSL_IDENTIFIER = /^(?!__)[A-Za-z_][A-Za-z0-9_]*$/;
const storageRoles: readonly StorageRole[] = ['memref-data', 'group-data', 'group-offsets'];
const wordTypes: readonly WordType[] = ['f32', 'i32', 'u32'];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value);
}

function slotName(slot: BindingSlot): string {
  return `@group(${slot.group}) @binding(${slot.binding})`;
}

/** Checks one manifest value, collecting issues; returns the typed manifest when the structure allowed it. */
class ManifestChecker {
  readonly issues: Issue[] = [];

  private report(path: string, message: string, atKey = false): void {
    this.issues.push({ path, message, atKey });
  }

  /** The object at `path` with exactly the keys `required` plus some of `optional`; unknown keys are errors. */
  private object(value: unknown, path: string, required: readonly string[], optional: readonly string[] = []): JsonObject | undefined {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.report(path, `expected an object, got ${describe(value)}`);
      return undefined;
    }
    const obj = value as JsonObject;
    for (const key of required) if (!Object.prototype.hasOwnProperty.call(obj, key)) this.report(path, `missing '${key}'`);
    for (const key of Object.keys(obj)) {
      if (!required.includes(key) && !optional.includes(key)) {
        this.report(memberPath(path, key), `unknown key '${key}' (expected ${[...required, ...optional].map((k) => `'${k}'`).join(', ')})`, true);
      }
    }
    return obj;
  }

  private has(obj: JsonObject, key: string): boolean {
    return Object.prototype.hasOwnProperty.call(obj, key);
  }

  private integer(obj: JsonObject, key: string, path: string, min: number): number | undefined {
    if (!this.has(obj, key)) return undefined;
    const value = obj[key];
    const at = memberPath(path, key);
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      this.report(at, `expected an integer${min === 0 ? ' >= 0' : min === 1 ? ' >= 1' : ''}, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  private string(obj: JsonObject, key: string, path: string): string | undefined {
    if (!this.has(obj, key)) return undefined;
    const value = obj[key];
    if (typeof value !== 'string' || value === '') {
      this.report(memberPath(path, key), `expected a non-empty string, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  private oneOf<T extends string>(obj: JsonObject, key: string, path: string, allowed: readonly T[]): T | undefined {
    if (!this.has(obj, key)) return undefined;
    const value = obj[key];
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      this.report(memberPath(path, key), `expected one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describe(value)}`);
      return undefined;
    }
    return value as T;
  }

  private array(obj: JsonObject, key: string, path: string): unknown[] | undefined {
    if (!this.has(obj, key)) return undefined;
    const value = obj[key];
    if (!Array.isArray(value)) {
      this.report(memberPath(path, key), `expected an array, got ${describe(value)}`);
      return undefined;
    }
    return value;
  }

  /** An array of integers >= min or nulls (static or dynamic sizes, strides, word indices). */
  private integersOrNulls(obj: JsonObject, key: string, path: string, min: number): (number | null)[] | undefined {
    const items = this.array(obj, key, path);
    if (!items) return undefined;
    let ok = true;
    const at = memberPath(path, key);
    const result = items.map((item, i) => {
      if (item === null) return null;
      if (typeof item !== 'number' || !Number.isSafeInteger(item) || item < min) {
        this.report(elementPath(at, i), `expected an integer >= ${min} or null, got ${describe(item)}`);
        ok = false;
        return null;
      }
      return item;
    });
    return ok ? result : undefined;
  }

  private integerOrNull(obj: JsonObject, key: string, path: string, min: number): number | null | undefined {
    if (!this.has(obj, key)) return undefined;
    if (obj[key] === null) return null;
    return this.integer(obj, key, path, min);
  }

  private bindingSlot(value: unknown, path: string): BindingSlot | undefined {
    const obj = this.object(value, path, ['group', 'binding']);
    if (!obj) return undefined;
    const group = this.integer(obj, 'group', path, 0);
    const binding = this.integer(obj, 'binding', path, 0);
    return group === undefined || binding === undefined ? undefined : { group, binding };
  }

  private sourcePosition(value: unknown, path: string): SourcePosition | undefined {
    const obj = this.object(value, path, ['file', 'line', 'column']);
    if (!obj) return undefined;
    const file = this.string(obj, 'file', path);
    const line = this.integer(obj, 'line', path, 1);
    const column = this.integer(obj, 'column', path, 1);
    return file === undefined || line === undefined || column === undefined ? undefined : { file, line, column };
  }

  check(value: unknown): KernelManifest | undefined {
    const root = this.object(
      value,
      '',
      ['version', 'kernel', 'entryPoint', 'workgroupSize', 'arguments', 'bindings', 'grid'],
      ['requiredFeatures', 'dopeVectors', 'scalars', 'sourceMap', 'boundsCheck'],
    );
    if (!root) return undefined;
    const issuesBefore = this.issues.length;
    if (this.has(root, 'version') && root['version'] !== KERNEL_MANIFEST_VERSION) {
      this.report('version', `unsupported manifest version ${describe(root['version'])} (this runtime reads version ${KERNEL_MANIFEST_VERSION})`);
    }
    const kernel = this.string(root, 'kernel', '');
    const entryPoint = this.string(root, 'entryPoint', '');
    if (entryPoint !== undefined && !WGSL_IDENTIFIER.test(entryPoint)) this.report('entryPoint', `'${entryPoint}' is not a WGSL identifier`);
    const workgroupSize = this.workgroupSize(root);
    const requiredFeatures = this.requiredFeatures(root);
    const args = this.arguments(root);
    const bindings = this.bindings(root, args);
    const dopeVectors = this.dopeVectors(root, args, bindings);
    const scalars = this.scalars(root, args, bindings);
    const grid = this.grid(root, bindings);
    const sourceMap = this.sourceMap(root);
    const boundsCheck = this.has(root, 'boundsCheck') ? this.boundsCheck(root['boundsCheck'], bindings) : undefined;
    if (this.issues.length > issuesBefore || !kernel || !entryPoint || !workgroupSize || !args || !bindings || !dopeVectors || !scalars || !grid || !sourceMap) {
      return undefined;
    }
    this.checkCoverage(args, bindings, scalars);
    this.checkWords(bindings, dopeVectors, scalars, grid);
    const packed = grid.groupsPerWorkgroup ?? 1;
    const invocations = workgroupSize[0] * workgroupSize[1] * workgroupSize[2];
    if (invocations % packed !== 0) {
      this.report('grid.groupsPerWorkgroup', `${packed} groups cannot share a work-group of ${workgroupSize.join('x')} = ${invocations} work-items evenly (workgroupSize)`);
      return undefined;
    }
    return {
      version: KERNEL_MANIFEST_VERSION,
      kernel,
      entryPoint,
      workgroupSize,
      requiredFeatures: requiredFeatures ?? [],
      arguments: args,
      bindings,
      dopeVectors,
      scalars,
      grid,
      sourceMap,
      ...(boundsCheck ? { boundsCheck } : {}),
    };
  }

  /** The bounds-check record: a slot no other binding takes, and its sites. */
  private boundsCheck(value: unknown, bindings: readonly ManifestBinding[] | undefined): BoundsCheckContract | undefined {
    const obj = this.object(value, 'boundsCheck', ['slot', 'sites']);
    if (!obj) return undefined;
    const slot = this.bindingSlot(obj['slot'], 'boundsCheck.slot');
    if (slot && bindings?.some((b) => b.group === slot.group && b.binding === slot.binding)) {
      this.report('boundsCheck.slot', `@group(${slot.group}) @binding(${slot.binding}) is taken by another binding`);
    }
    const items = this.array(obj, 'sites', 'boundsCheck');
    if (!slot || !items) return undefined;
    const sites: BoundsCheckSite[] = [];
    items.forEach((item, i) => {
      const path = elementPath('boundsCheck.sites', i);
      const site = this.object(item, path, ['what'], ['loc', 'kind']);
      if (!site) return;
      const what = this.string(site, 'what', path);
      const loc = this.has(site, 'loc') ? this.sourcePosition(site['loc'], memberPath(path, 'loc')) : undefined;
      const kind = this.has(site, 'kind') ? this.oneOf(site, 'kind', path, ['loop'] as const) : undefined;
      if (what === undefined || (this.has(site, 'kind') && kind === undefined)) return;
      sites.push({ what, ...(loc ? { loc } : {}), ...(kind ? { kind } : {}) });
    });
    return sites.length === items.length ? { slot, sites } : undefined;
  }

  private workgroupSize(root: JsonObject): [number, number, number] | undefined {
    const size = this.integersOrNulls(root, 'workgroupSize', '', 1);
    if (!size) return undefined;
    if (size.length !== 3 || size.some((s) => s === null)) {
      this.report('workgroupSize', 'expected three positive integers [x, y, z]');
      return undefined;
    }
    return size as [number, number, number];
  }

  private requiredFeatures(root: JsonObject): string[] | undefined {
    const items = this.array(root, 'requiredFeatures', '');
    if (!items) return undefined;
    return items.flatMap((item, i) => {
      if (typeof item === 'string' && item !== '') return [item];
      this.report(elementPath('requiredFeatures', i), `expected a feature name, got ${describe(item)}`);
      return [];
    });
  }

  private arguments(root: JsonObject): KernelArgument[] | undefined {
    const items = this.array(root, 'arguments', '');
    if (!items) return undefined;
    const result: KernelArgument[] = [];
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const path = elementPath('arguments', i);
      const kindValue = typeof item === 'object' && item !== null ? (item as JsonObject)['kind'] : undefined;
      const shaped = kindValue === 'memref' || kindValue === 'group';
      const obj = this.object(item, path, shaped ? ['name', 'kind', 'elementType', 'shape', 'strides', 'offset'] : ['name', 'kind', 'elementType'], ['loc']);
      if (!obj) return;
      const name = this.string(obj, 'name', path);
      if (name !== undefined) {
        if (seen.has(name)) this.report(memberPath(path, 'name'), `a second argument named '${name}'`);
        seen.add(name);
      }
      const kind = this.oneOf(obj, 'kind', path, ['memref', 'group', 'scalar'] as const);
      const elementType = obj['elementType'];
      if (this.has(obj, 'elementType') && !isKernelElementType(elementType)) {
        const why = elementType === 'i64' || elementType === 'f64' ? ' (WGSL has no 64-bit types)' : '';
        this.report(memberPath(path, 'elementType'), `unsupported element type ${describe(elementType)}${why}; expected one of ${kernelElementTypes.join(', ')}`);
      }
      const loc = this.has(obj, 'loc') ? this.sourcePosition(obj['loc'], memberPath(path, 'loc')) : undefined;
      if (name === undefined || kind === undefined || !isKernelElementType(elementType)) return;
      const base = { name, elementType, ...(loc ? { loc } : {}) };
      if (kind === 'scalar') {
        result.push({ ...base, kind });
        return;
      }
      const shape = this.integersOrNulls(obj, 'shape', path, 0);
      const strides = this.integersOrNulls(obj, 'strides', path, 0);
      const offset = this.integerOrNull(obj, 'offset', path, 0);
      if (!shape || !strides || offset === undefined) return;
      if (strides.length !== shape.length) {
        this.report(memberPath(path, 'strides'), `expected ${shape.length} strides (one per dimension of the shape), got ${strides.length}`);
        return;
      }
      result.push({ ...base, kind, shape, strides, offset });
    });
    return result.length === items.length ? result : undefined;
  }

  private bindings(root: JsonObject, args: readonly KernelArgument[] | undefined): ManifestBinding[] | undefined {
    const items = this.array(root, 'bindings', '');
    if (!items) return undefined;
    const result: ManifestBinding[] = [];
    const slots = new Map<string, string>();
    items.forEach((item, i) => {
      const path = elementPath('bindings', i);
      const isUniform = typeof item === 'object' && item !== null && (item as JsonObject)['kind'] === 'uniform';
      const obj = this.object(item, path, isUniform ? ['group', 'binding', 'kind', 'role', 'sizeBytes'] : ['group', 'binding', 'kind', 'role', 'argument', 'elementType']);
      if (!obj) return;
      const group = this.integer(obj, 'group', path, 0);
      const binding = this.integer(obj, 'binding', path, 0);
      if (group !== undefined && binding !== undefined) {
        const key = slotName({ group, binding });
        const first = slots.get(key);
        if (first !== undefined) this.report(path, `${key} is already used by ${first}`);
        else slots.set(key, path);
      }
      const kind = this.oneOf(obj, 'kind', path, ['storage-read', 'storage-read-write', 'uniform'] as const);
      if (kind === 'uniform') {
        const role = this.oneOf(obj, 'role', path, ['parameters'] as const);
        const sizeBytes = this.integer(obj, 'sizeBytes', path, 16);
        if (sizeBytes !== undefined && sizeBytes % 16 !== 0) this.report(memberPath(path, 'sizeBytes'), `a uniform buffer's size must be a multiple of 16 bytes, got ${sizeBytes}`);
        if (group === undefined || binding === undefined || role === undefined || sizeBytes === undefined) return;
        result.push({ group, binding, kind, role, sizeBytes });
        return;
      }
      const role = this.oneOf(obj, 'role', path, storageRoles);
      const argument = this.string(obj, 'argument', path);
      const elementType = this.oneOf(obj, 'elementType', path, wordTypes);
      if (group === undefined || binding === undefined || kind === undefined || role === undefined || argument === undefined || elementType === undefined) return;
      const arg = args?.find((a) => a.name === argument);
      if (args && !arg) this.report(memberPath(path, 'argument'), `no kernel argument named '${argument}'`);
      if (arg) {
        const wantedKind = role === 'memref-data' ? 'memref' : 'group';
        if (arg.kind !== wantedKind) this.report(memberPath(path, 'role'), `'${role}' serves a ${wantedKind} argument; '${argument}' is a ${arg.kind}`);
        else if (role === 'group-offsets') {
          if (elementType !== 'u32') this.report(memberPath(path, 'elementType'), `a group's offset table holds u32 elements, not ${elementType}`);
          if (kind !== 'storage-read') this.report(memberPath(path, 'kind'), `a group's offset table is 'storage-read'`);
        } else if (!wordTypesFor(arg.elementType).includes(elementType)) {
          this.report(memberPath(path, 'elementType'), `'${argument}' has ${arg.elementType} elements, which are stored as ${wordTypesFor(arg.elementType).join(' or ')}, not ${elementType}`);
        }
      }
      result.push({ group, binding, kind, role, argument, elementType });
    });
    return result.length === items.length ? result : undefined;
  }

  /** The uniform binding a word slot names, reporting when there is none. */
  private parameterBinding(slot: BindingSlot, path: string, bindings: readonly ManifestBinding[] | undefined): void {
    if (!bindings) return;
    const binding = bindings.find((b) => b.group === slot.group && b.binding === slot.binding);
    if (!binding) this.report(path, `no binding ${slotName(slot)}`);
    else if (binding.kind !== 'uniform') this.report(path, `${slotName(slot)} is a storage buffer, not a uniform 'parameters' binding`);
  }

  private dopeVectors(root: JsonObject, args: readonly KernelArgument[] | undefined, bindings: readonly ManifestBinding[] | undefined): DopeVectorLayout[] | undefined {
    const items = this.has(root, 'dopeVectors') ? this.array(root, 'dopeVectors', '') : [];
    if (!items) return undefined;
    const result: DopeVectorLayout[] = [];
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const path = elementPath('dopeVectors', i);
      const obj = this.object(item, path, ['argument', 'uniform', 'wordType', 'offset', 'sizes', 'strides']);
      if (!obj) return;
      const argument = this.string(obj, 'argument', path);
      const uniform = this.has(obj, 'uniform') ? this.bindingSlot(obj['uniform'], memberPath(path, 'uniform')) : undefined;
      const wordType = this.oneOf(obj, 'wordType', path, ['i32', 'u32'] as const);
      const offset = this.integerOrNull(obj, 'offset', path, 0);
      const sizes = this.integersOrNulls(obj, 'sizes', path, 0);
      const strides = this.integersOrNulls(obj, 'strides', path, 0);
      if (argument === undefined || !uniform || !wordType || offset === undefined || !sizes || !strides) return;
      if (uniform) this.parameterBinding(uniform, memberPath(path, 'uniform'), bindings);
      const arg = args?.find((a) => a.name === argument);
      if (args && !arg) this.report(memberPath(path, 'argument'), `no kernel argument named '${argument}'`);
      else if (arg && arg.kind === 'scalar') this.report(memberPath(path, 'argument'), `'${argument}' is a scalar; dope vectors belong to memref and group arguments`);
      else if (arg) {
        if (seen.has(argument)) this.report(memberPath(path, 'argument'), `a second dope vector for '${argument}'`);
        for (const [key, list] of [['sizes', sizes], ['strides', strides]] as const) {
          if (list.length !== arg.shape.length) this.report(memberPath(path, key), `'${argument}' has ${arg.shape.length} dimensions; expected ${arg.shape.length} entries, got ${list.length}`);
        }
      }
      seen.add(argument);
      result.push({ argument, uniform, wordType, offset, sizes, strides });
    });
    return result.length === items.length ? result : undefined;
  }

  private scalars(root: JsonObject, args: readonly KernelArgument[] | undefined, bindings: readonly ManifestBinding[] | undefined): ScalarSlot[] | undefined {
    const items = this.has(root, 'scalars') ? this.array(root, 'scalars', '') : [];
    if (!items) return undefined;
    const result: ScalarSlot[] = [];
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const path = elementPath('scalars', i);
      const obj = this.object(item, path, ['argument', 'uniform', 'word', 'wordType']);
      if (!obj) return;
      const argument = this.string(obj, 'argument', path);
      const uniform = this.has(obj, 'uniform') ? this.bindingSlot(obj['uniform'], memberPath(path, 'uniform')) : undefined;
      const word = this.integer(obj, 'word', path, 0);
      const wordType = this.oneOf(obj, 'wordType', path, wordTypes);
      if (argument === undefined || !uniform || word === undefined || !wordType) return;
      this.parameterBinding(uniform, memberPath(path, 'uniform'), bindings);
      const arg = args?.find((a) => a.name === argument);
      if (args && !arg) this.report(memberPath(path, 'argument'), `no kernel argument named '${argument}'`);
      else if (arg && arg.kind !== 'scalar') this.report(memberPath(path, 'argument'), `'${argument}' is a ${arg.kind}, not a scalar`);
      else if (arg && !wordTypesFor(arg.elementType).includes(wordType)) {
        this.report(memberPath(path, 'wordType'), `'${argument}' is ${arg.elementType}, which is passed as ${wordTypesFor(arg.elementType).join(' or ')}, not ${wordType}`);
      }
      if (seen.has(argument)) this.report(memberPath(path, 'argument'), `a second slot for '${argument}'`);
      seen.add(argument);
      result.push({ argument, uniform, word, wordType });
    });
    return result.length === items.length ? result : undefined;
  }

  private grid(root: JsonObject, bindings: readonly ManifestBinding[] | undefined): GridContract | undefined {
    if (!this.has(root, 'grid')) return undefined;
    const obj = this.object(root['grid'], 'grid', ['folding', 'groupCount'], ['groupsPerWorkgroup']);
    if (!obj) return undefined;
    const groupsPerWorkgroup = this.has(obj, 'groupsPerWorkgroup') ? this.integer(obj, 'groupsPerWorkgroup', 'grid', 1) : 1;
    const folding = this.oneOf(obj, 'folding', 'grid', ['linear-xyz'] as const);
    let groupCount: WordSlot | null | undefined = null;
    if (obj['groupCount'] !== null && this.has(obj, 'groupCount')) {
      const slot = this.object(obj['groupCount'], 'grid.groupCount', ['uniform', 'word']);
      const uniform = slot && this.has(slot, 'uniform') ? this.bindingSlot(slot['uniform'], 'grid.groupCount.uniform') : undefined;
      const word = slot ? this.integer(slot, 'word', 'grid.groupCount', 0) : undefined;
      if (uniform) this.parameterBinding(uniform, 'grid.groupCount.uniform', bindings);
      groupCount = uniform && word !== undefined ? { uniform, word } : undefined;
    }
    if (!folding || groupCount === undefined || groupsPerWorkgroup === undefined) return undefined;
    return groupsPerWorkgroup > 1 ? { folding, groupCount, groupsPerWorkgroup } : { folding, groupCount };
  }

  private sourceMap(root: JsonObject): SourceMapEntry[] | undefined {
    const items = this.has(root, 'sourceMap') ? this.array(root, 'sourceMap', '') : [];
    if (!items) return undefined;
    const result: SourceMapEntry[] = [];
    items.forEach((item, i) => {
      const path = elementPath('sourceMap', i);
      const obj = this.object(item, path, ['wgslLine', 'file', 'line', 'column']);
      if (!obj) return;
      const wgslLine = this.integer(obj, 'wgslLine', path, 1);
      const file = this.string(obj, 'file', path);
      const line = this.integer(obj, 'line', path, 1);
      const column = this.integer(obj, 'column', path, 1);
      if (wgslLine !== undefined && file !== undefined && line !== undefined && column !== undefined) result.push({ wgslLine, file, line, column });
    });
    return result.length === items.length ? result : undefined;
  }

  /** Every argument is served: memrefs by one data buffer, groups by a data buffer and an offset table, scalars by one slot. */
  private checkCoverage(args: readonly KernelArgument[], bindings: readonly ManifestBinding[], scalars: readonly ScalarSlot[]): void {
    args.forEach((arg, i) => {
      const path = elementPath('arguments', i);
      const roles: readonly StorageRole[] = arg.kind === 'memref' ? ['memref-data'] : arg.kind === 'group' ? ['group-data', 'group-offsets'] : [];
      for (const role of roles) {
        const count = bindings.filter((b) => b.kind !== 'uniform' && b.argument === arg.name && b.role === role).length;
        if (count === 0) this.report(path, `${arg.kind} argument '${arg.name}' has no '${role}' binding`);
        if (count > 1) this.report(path, `${arg.kind} argument '${arg.name}' has ${count} '${role}' bindings`);
      }
      if (arg.kind === 'scalar' && !scalars.some((s) => s.argument === arg.name)) {
        this.report(path, `scalar argument '${arg.name}' has no slot in 'scalars'`);
      }
    });
  }

  /** Every word lies inside its uniform and holds one value. */
  private checkWords(bindings: readonly ManifestBinding[], dopeVectors: readonly DopeVectorLayout[], scalars: readonly ScalarSlot[], grid: GridContract): void {
    const used = new Map<string, string>();
    const claim = (uniform: BindingSlot, word: number, what: string, path: string): void => {
      const binding = bindings.find((b) => b.group === uniform.group && b.binding === uniform.binding);
      if (!binding || binding.kind !== 'uniform') return; // reported already
      if ((word + 1) * 4 > binding.sizeBytes) {
        this.report(path, `word ${word} of ${slotName(uniform)} is past its end (${binding.sizeBytes} bytes hold ${binding.sizeBytes / 4} words)`);
        return;
      }
      const key = `${slotName(uniform)} word ${word}`;
      const first = used.get(key);
      if (first !== undefined) this.report(path, `${key} already holds ${first}`);
      else used.set(key, what);
    };
    dopeVectors.forEach((dope, i) => {
      const path = elementPath('dopeVectors', i);
      if (dope.offset !== null) claim(dope.uniform, dope.offset, `the offset of '${dope.argument}'`, memberPath(path, 'offset'));
      for (const key of ['sizes', 'strides'] as const) {
        dope[key].forEach((word, d) => {
          if (word !== null) claim(dope.uniform, word, `${key === 'sizes' ? 'size' : 'stride'} ${d} of '${dope.argument}'`, elementPath(memberPath(path, key), d));
        });
      }
    });
    scalars.forEach((slot, i) => claim(slot.uniform, slot.word, `scalar '${slot.argument}'`, memberPath(elementPath('scalars', i), 'word')));
    if (grid.groupCount) claim(grid.groupCount.uniform, grid.groupCount.word, 'the group count', 'grid.groupCount.word');
  }
}
