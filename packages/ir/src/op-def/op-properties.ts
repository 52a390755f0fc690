import type { Attribute } from '../attribute.js';
import { DenseArrayAttr, DictionaryAttr, type NamedAttribute } from '../builtin-attributes.js';
import { IntegerType } from '../builtin-types.js';
import type { Context } from '../context.js';
import type { Operation } from '../operation.js';
import { OPERAND_SEGMENT_SIZES, RESULT_SEGMENT_SIZES, type OpDeclaration } from './op-declaration.js';
import { emptyPacked } from '../packed-array.js';

/**
 * The property set-up MLIR 22 does when an op is created, for one declaration: inherent attributes written in
 * the discardable dictionary move to the properties (unless the properties have them already: those win),
 * properties the op does not declare are dropped, default values are filled in, and segment sizes start as
 * zeros. Returns the hook given to `OpDefinition.initializeProperties`.
 */
export function makePropertyInitializer(decl: OpDeclaration): ((op: Operation) => void) | undefined {
  const inherent = decl.inherentNames;
  if (inherent.size === 0) {
    // Nothing inherent: any properties given are dropped, as MLIR ignores keys it does not know.
    return (op) => {
      if (op.properties !== undefined) op.properties = undefined;
    };
  }
  // Only DefaultValuedAttr properties are filled in; DefaultValuedOptionalAttr ones stay absent.
  const defaults = decl.properties.filter((p) => p.presence === 'default');
  const segments = emptyPacked<{ name: string; size: number }>();
  if (decl.operandSegments) segments.push({ name: OPERAND_SEGMENT_SIZES, size: decl.operands.length });
  if (decl.resultSegments) segments.push({ name: RESULT_SEGMENT_SIZES, size: decl.results.length });
  // Properties dictionaries are interned and the same few recur on thousands of ops: a complete one says so.
  return (op) => {
    const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
    const attrs = op.attributes;
    if (props !== undefined && attrs.size === 0 && props.propertiesCompleteFor === decl) return;
    // The common case: properties complete and nothing to move, checked without allocating.
    let clean = true;
    for (let i = 0; i < attrs.size && clean; i++) clean = !inherent.has(attrs.entries[i]!.name);
    if (clean && props) for (let i = 0; i < props.size && clean; i++) clean = inherent.has(props.entries[i]!.name);
    if (clean) for (let i = 0; i < defaults.length && clean; i++) clean = props?.get(defaults[i]!.name) !== undefined;
    if (clean) for (let i = 0; i < segments.length && clean; i++) clean = props?.get(segments[i]!.name) !== undefined;
    if (clean && props !== undefined) props.propertiesCompleteFor = decl;
    if (clean && (props !== undefined || op.properties === undefined)) return;

    const ctx = op.context;
    const entries = new Map<string, Attribute>();
    if (props) for (const e of props.entries) if (inherent.has(e.name)) entries.set(e.name, e.value);
    const kept: NamedAttribute[] = [];
    let moved = false;
    for (const e of attrs.entries) {
      if (!inherent.has(e.name)) {
        kept.push(e);
        continue;
      }
      moved = true;
      if (entries.has(e.name)) continue;
      const seg = segments.find((s) => s.name === e.name);
      if (seg && !isSegmentSizes(e.value, seg.size)) continue;
      entries.set(e.name, e.value);
    }
    for (const d of defaults) if (!entries.has(d.name)) entries.set(d.name, d.defaultValue!(ctx));
    for (const s of segments) if (!entries.has(s.name)) entries.set(s.name, zeroSegments(ctx, s.size));
    op.properties = entries.size ? DictionaryAttr.get(ctx, entries) : undefined;
    if (moved) op.attributes = DictionaryAttr.get(ctx, kept);
  };
}

function isSegmentSizes(a: Attribute, size: number): boolean {
  return a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.isSignless(32) && a.size === size;
}

function zeroSegments(ctx: Context, size: number): DenseArrayAttr {
  return DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), new Array<number>(size).fill(0));
}

/**
 * MLIR's property conversion for a generic form's `<{...}>`: the value must be a dictionary, each declared
 * property must have the right storage class, segment sizes the right length. Returns the failure message.
 */
export function makePropertyChecker(decl: OpDeclaration): (properties: Attribute) => string | undefined {
  const byName = new Map(decl.properties.map((p) => [p.name, p]));
  const segments = new Map<string, number>();
  if (decl.operandSegments) segments.set(OPERAND_SEGMENT_SIZES, decl.operands.length);
  if (decl.resultSegments) segments.set(RESULT_SEGMENT_SIZES, decl.results.length);
  // Interned dictionaries recur: a valid one says so (see DictionaryAttr.propertiesCheckedFor).
  return (properties) => {
    if (properties instanceof DictionaryAttr && properties.propertiesCheckedFor === decl) return undefined;
    const problem = check(properties);
    if (problem === undefined && properties instanceof DictionaryAttr) properties.propertiesCheckedFor = decl;
    return problem;
  };

  function check(properties: Attribute): string | undefined {
    if (!(properties instanceof DictionaryAttr)) return 'expected DictionaryAttr to set properties';
    for (const e of properties.entries) {
      const p = byName.get(e.name);
      if (p) {
        const storage = p.constraint.storage;
        if (storage && !storage(e.value)) return `Invalid attribute \`${e.name}\` in property conversion: ${e.value}`;
        continue;
      }
      const size = segments.get(e.name);
      if (size === undefined) continue;
      const a = e.value;
      if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || !a.elementType.isSignless(32)) {
        return 'expected DenseI32ArrayAttr for key `value`';
      }
      if (a.size !== size) return `size mismatch in attribute conversion: ${a.size} vs ${size}`;
    }
    return undefined;
  }
}

/**
 * MLIR's verifyInherentAttrs, which its parsers run on an attribute dictionary before the op exists: an inherent
 * attribute written there must satisfy its property's constraint. Returns the failure ("attribute 'x' failed to
 * satisfy constraint: ..."), which the parser reports after `'name' op `.
 */
export function makeInherentAttrsChecker(decl: OpDeclaration): (attrs: readonly NamedAttribute[]) => string | undefined {
  const byName = new Map(decl.properties.map((p) => [p.name, p]));
  return (attrs) => {
    for (const a of attrs) {
      const prop = byName.get(a.name);
      if (prop && !prop.constraint.check(a.value)) return `attribute '${a.name}' failed to satisfy constraint: ${prop.constraint.summary}`;
    }
    return undefined;
  };
}
