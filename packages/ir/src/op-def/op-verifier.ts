import { DenseArrayAttr, DictionaryAttr } from '../builtin-attributes.js';
import { IntegerType } from '../builtin-types.js';
import type { Operation } from '../operation.js';
import { defineTrait, type Trait } from '../trait.js';
import type { Type } from '../type.js';
import { OPERAND_SEGMENT_SIZES, RESULT_SEGMENT_SIZES, type OpDeclaration, type ValueGroup } from './op-declaration.js';

/**
 * The checks ODS generates for a declaration, as two traits placed like MLIR places them: `counts` (the size
 * traits ZeroRegions, OneResult, NOperands, AtLeastNOperands, ... and the segment sizes) before the
 * structural traits, `invariants` (properties, then the type of each operand and result, the `SameAs` and
 * `TypesMatchWith` equalities, then regions and successors) after them.
 */
export function generateVerifierTraits(decl: OpDeclaration): { counts: Trait; invariants: Trait } {
  const nRegions = decl.regions.length;
  const regionsVariadic = decl.regions.some((r) => r.variadic);
  const nResults = decl.results.length;
  const fixedResults = decl.fixedCount('result');
  const resultsVariadic = fixedResults !== nResults;
  const nSuccessors = decl.successors.length;
  const successorsVariadic = decl.successors.some((s) => s.variadic);
  const nOperands = decl.operands.length;
  const fixedOperands = decl.fixedCount('operand');
  const operandsVariadic = fixedOperands !== nOperands;

  const counts = defineTrait(`${decl.opName}.counts`, {
    signatureOnly: true,
    verify(op) {
      const r = op.regions.length;
      if (!regionsVariadic) {
        if (r !== nRegions) return fail(op, nRegions === 0 ? 'requires zero regions' : nRegions === 1 ? 'requires one region' : `expected ${nRegions} regions`);
      } else if (r < nRegions - 1) return fail(op, `expected ${nRegions - 1} or more regions`);
      const res = op.numResults;
      if (!resultsVariadic) {
        if (res !== nResults) return fail(op, nResults === 0 ? 'requires zero results' : nResults === 1 ? 'requires one result' : `expected ${nResults} results`);
      } else if (res < fixedResults) return fail(op, `expected ${fixedResults} or more results`);
      const s = op.successorUses.length;
      if (!successorsVariadic) {
        if (s !== nSuccessors) {
          return fail(op, nSuccessors === 1 ? `requires 1 successor but found ${s}` : `requires ${nSuccessors} successors but found ${s}`);
        }
      } else if (s < nSuccessors - 1) return fail(op, `requires at least ${nSuccessors - 1} successors but found ${s}`);
      const o = op.operandValues.length;
      if (!operandsVariadic) {
        if (o !== nOperands) {
          return fail(op, nOperands === 0 ? 'requires zero operands' : nOperands === 1 ? 'requires a single operand' : `expected ${nOperands} operands, but found ${o}`);
        }
      } else if (o < fixedOperands) return fail(op, `expected ${fixedOperands} or more operands, but found ${o}`);
      if (decl.operandSegments && !verifySegmentSizes(op, OPERAND_SEGMENT_SIZES, 'operand', decl.operands.length, o)) return false;
      if (decl.resultSegments && !verifySegmentSizes(op, RESULT_SEGMENT_SIZES, 'result', decl.results.length, res)) return false;
      return true;
    },
  });

  // Properties: presence in name order, then constraints in declaration order (as ODS's verifyInvariantsImpl).
  const required = decl.properties.filter((p) => p.presence === 'required').sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const properties = decl.properties;
  const operandGroups = decl.operands;
  const resultGroups = decl.results;
  const sameTypeClasses = collectSameTypeClasses(decl);
  const matchWith = [
    ...decl.operands.filter((g) => g.typesFrom).map((g) => ({ kind: 'operand' as const, index: g.index, from: g.typesFrom! })),
    ...decl.results.filter((g) => g.typesFrom).map((g) => ({ kind: 'result' as const, index: g.index, from: g.typesFrom! })),
  ];
  const range: [number, number] = [0, 0];
  const operandsFixed = fixedOperands === nOperands && !decl.operandSegments;
  const resultsFixed = fixedResults === nResults && !decl.resultSegments;
  // With single-valued groups only, value i is checked against group i's constraint without computing ranges.
  const fixedOperandConstraints = operandsFixed && nOperands ? operandGroups.map((g) => g.constraint) : undefined;
  const fixedResultConstraints = resultsFixed && nResults ? resultGroups.map((g) => g.constraint) : undefined;

  const invariants = defineTrait(`${decl.opName}.invariants`, {
    // Regions and successors are only checked for ops that have some, which the verifier never skips.
    signatureOnly: true,
    verify(op) {
      const props = op.properties instanceof DictionaryAttr ? op.properties : undefined;
      for (let i = 0; i < required.length; i++) {
        const p = required[i]!;
        if (props?.get(p.name) === undefined) return fail(op, `requires attribute '${p.name}'`);
      }
      for (let i = 0; i < properties.length; i++) {
        const p = properties[i]!;
        const v = props?.get(p.name);
        if (v !== undefined && !p.constraint.check(v)) return fail(op, `attribute '${p.name}' failed to satisfy constraint: ${p.constraint.summary}`);
      }
      if (fixedOperandConstraints) {
        // Single-valued groups only (the count check ran): operand i is group i.
        const values = op.operandValues;
        for (let i = 0; i < fixedOperandConstraints.length; i++) {
          const c = fixedOperandConstraints[i];
          if (c === undefined) continue;
          const t = values[i]!.type;
          if (!c.check(t)) return fail(op, `operand #${i} must be ${c.summary}, but got '${t}'`);
        }
      } else if (operandGroups.length) {
        const values = op.operandValues;
        const segments = decl.operandSegments ? segmentSizes(op, OPERAND_SEGMENT_SIZES) : undefined;
        for (let g = 0; g < operandGroups.length; g++) {
          const group = operandGroups[g]!;
          decl.groupRange('operand', g, values.length, segments, range);
          const start = range[0];
          const count = range[1];
          if (group.arity === 'optional' && count > 1) return fail(op, `operand group starting at #${start} requires 0 or 1 element, but found ${count}`);
          const c = group.constraint;
          if (c === undefined) continue;
          for (let i = start; i < start + count; i++) {
            const t = values[i]!.type;
            if (!c.check(t)) return fail(op, `operand #${i} must be ${group.arity === 'variadic' ? 'variadic of ' : ''}${c.summary}, but got '${t}'`);
          }
        }
      }
      if (fixedResultConstraints) {
        for (let i = 0; i < fixedResultConstraints.length; i++) {
          const c = fixedResultConstraints[i];
          if (c === undefined) continue;
          const t = op.getResult(i).type;
          if (!c.check(t)) return fail(op, `result #${i} must be ${c.summary}, but got '${t}'`);
        }
      } else if (resultGroups.length) {
        const numResults = op.numResults;
        const segments = decl.resultSegments ? segmentSizes(op, RESULT_SEGMENT_SIZES) : undefined;
        for (let g = 0; g < resultGroups.length; g++) {
          const group = resultGroups[g]!;
          decl.groupRange('result', g, numResults, segments, range);
          const start = range[0];
          const count = range[1];
          if (group.arity === 'optional' && count > 1) return fail(op, `result group starting at #${start} requires 0 or 1 element, but found ${count}`);
          const c = group.constraint;
          if (c === undefined) continue;
          for (let i = start; i < start + count; i++) {
            const t = op.getResult(i).type;
            if (!c.check(t)) return fail(op, `result #${i} must be ${group.arity === 'variadic' ? 'variadic of ' : ''}${c.summary}, but got '${t}'`);
          }
        }
      }
      // As ODS's verifyInvariantsImpl: the type predicates (AllTypesMatch, TypesMatchWith) before regions.
      for (let i = 0; i < matchWith.length; i++) {
        const m = matchWith[i]!;
        const source = firstTypeOf(op, decl, m.from.kind, m.from.index);
        if (source === undefined) continue;
        if (!typesEqual(op, decl, m.kind, m.index, m.from.transform(source, op.context))) return fail(op, `failed to verify that ${m.from.summary}`);
      }
      for (let c = 0; c < sameTypeClasses.length; c++) {
        const cls = sameTypeClasses[c]!;
        let first: Type | undefined;
        for (let k = 0; k < cls.members.length; k++) {
          const m = cls.members[k]!;
          // With no variable-length group, group #i is value #i.
          const t =
            m.kind === 'operand'
              ? operandsFixed
                ? op.operandValues[m.index].type
                : firstTypeOf(op, decl, 'operand', m.index)
              : resultsFixed
                ? m.index < op.numResults ? op.getResult(m.index).type : undefined
                : firstTypeOf(op, decl, 'result', m.index);
          if (t === undefined) continue;
          if (first === undefined) first = t;
          else if (t !== first) return fail(op, `failed to verify that all of {${cls.names.join(', ')}} have same type`);
        }
      }
      for (let g = 0; g < decl.regions.length; g++) {
        const group = decl.regions[g]!;
        decl.regionRange(g, op.regions.length, range);
        for (let i = range[0]; i < range[0] + range[1]; i++) {
          if (!group.constraint.check(op.regions[i]!)) {
            return fail(op, `region #${i} ('${group.name}') failed to verify constraint: ${group.constraint.summary}`);
          }
        }
      }
      for (let g = 0; g < decl.successors.length; g++) {
        const group = decl.successors[g]!;
        decl.successorRange(g, op.successorUses.length, range);
        for (let i = range[0]; i < range[0] + range[1]; i++) {
          if (!group.constraint.check(op.successorUses[i]!.block)) {
            return fail(op, `successor #${i} ('${group.name}') failed to verify constraint: ${group.constraint.summary}`);
          }
        }
      }
      return true;
    },
  });
  return { counts, invariants };
}

function fail(op: Operation, message: string): false {
  op.emitOpError(message);
  return false;
}

// Segment-size attributes are interned: their values are converted to numbers once.
const segmentCache = new WeakMap<DenseArrayAttr, readonly number[]>();

/** The values of a `*SegmentSizes` property, if it is a dense array. */
export function segmentSizes(op: Operation, name: string): readonly number[] | undefined {
  const a = op.getProperty(name);
  if (!(a instanceof DenseArrayAttr)) return undefined;
  let n = segmentCache.get(a);
  if (n === undefined) {
    n = a.numbers;
    segmentCache.set(a, n);
  }
  return n;
}

/** MLIR's verifyValueSizeAttr, plus the element count ODS checks. */
function verifySegmentSizes(op: Operation, name: string, what: 'operand' | 'result', numGroups: number, count: number): boolean {
  const a = op.getProperty(name);
  if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || !a.elementType.isSignless(32)) {
    return fail(op, `requires dense i32 array attribute '${name}'`);
  }
  const sizes = a.numbers;
  if (sizes.length !== numGroups) {
    return fail(op, `'${name}' attribute for specifying ${what} segments must have ${numGroups} elements, but got ${sizes.length}`);
  }
  if (sizes.some((s) => s < 0)) return fail(op, `'${name}' attribute cannot have negative elements`);
  const total = sizes.reduce((x, y) => x + y, 0);
  if (total !== count) return fail(op, `${what} count (${count}) does not match with the total size (${total}) specified in attribute '${name}'`);
  return true;
}

interface SameTypeClass {
  readonly members: readonly { kind: 'operand' | 'result'; index: number }[];
  readonly names: readonly string[];
}

/** The groups tied by `SameAs`, each class with its member names in declaration order (operands first). */
function collectSameTypeClasses(decl: OpDeclaration): SameTypeClass[] {
  const all: ValueGroup[] = [...decl.operands, ...decl.results];
  const key = (kind: 'operand' | 'result', index: number): number => (kind === 'operand' ? index : decl.operands.length + index);
  const parent = all.map((_, i) => i);
  const findRoot = (i: number): number => (parent[i] === i ? i : (parent[i] = findRoot(parent[i]!)));
  all.forEach((g, i) => {
    if (g.sameAs) parent[findRoot(i)] = findRoot(key(g.sameAs.kind, g.sameAs.index));
  });
  const classes = new Map<number, number[]>();
  all.forEach((g, i) => {
    if (!g.sameAs && !all.some((o) => o.sameAs && key(o.sameAs.kind, o.sameAs.index) === i)) return;
    const r = findRoot(i);
    if (!classes.has(r)) classes.set(r, []);
    classes.get(r)!.push(i);
  });
  return [...classes.values()].map((members) => ({
    members: members.map((i) => (i < decl.operands.length ? { kind: 'operand' as const, index: i } : { kind: 'result' as const, index: i - decl.operands.length })),
    names: members.map((i) => all[i]!.name),
  }));
}

// Group ranges computed while verifying (verifiers do not nest, so one scratch pair serves all).
const scratch: [number, number] = [0, 0];

/** Whether the values of a group have exactly the types `expected`. */
function typesEqual(op: Operation, decl: OpDeclaration, kind: 'operand' | 'result', g: number, expected: readonly Type[]): boolean {
  if (kind === 'operand') {
    const values = op.operandValues;
    decl.groupRange('operand', g, values.length, decl.operandSegments ? segmentSizes(op, OPERAND_SEGMENT_SIZES) : undefined, scratch);
    if (scratch[1] !== expected.length) return false;
    for (let i = 0; i < scratch[1]; i++) if (values[scratch[0] + i]!.type !== expected[i]) return false;
    return true;
  }
  decl.groupRange('result', g, op.numResults, decl.resultSegments ? segmentSizes(op, RESULT_SEGMENT_SIZES) : undefined, scratch);
  if (scratch[1] !== expected.length) return false;
  for (let i = 0; i < scratch[1]; i++) if (op.getResult(scratch[0] + i).type !== expected[i]) return false;
  return true;
}

/** The type of the first value of a group (undefined when the group is empty). */
function firstTypeOf(op: Operation, decl: OpDeclaration, kind: 'operand' | 'result', g: number): Type | undefined {
  const range = scratch;
  if (kind === 'operand') {
    const values = op.operandValues;
    decl.groupRange('operand', g, values.length, decl.operandSegments ? segmentSizes(op, OPERAND_SEGMENT_SIZES) : undefined, range);
    return range[1] ? values[range[0]]!.type : undefined;
  }
  decl.groupRange('result', g, op.numResults, decl.resultSegments ? segmentSizes(op, RESULT_SEGMENT_SIZES) : undefined, range);
  return range[1] ? op.getResult(range[0]).type : undefined;
}
