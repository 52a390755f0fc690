import { AnyMemRef, BoolAttr, I32Attr, Index, IndexType, IntegerAttr, IntegerType, MemRefType, Variadic, attrConstraint, defineOp } from '@tlir/ir';
import { foldMemRefCast } from './cast-op.js';

/** `ConfinedAttr<I32Attr, [IntMinValue<0>, IntMaxValue<3>]>`: prefetch's locality hint. */
const LocalityHintAttr = attrConstraint<IntegerAttr>(
  '32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3',
  (a) => I32Attr.check(a) && a.value >= 0n && a.value <= 3n,
  { storage: (a) => a instanceof IntegerAttr, valueType: (ctx) => IntegerType.get(ctx, 32) },
);

/**
 * `memref.prefetch %m[%i, %j], read, locality<3>, data : memref<400x400xi32>`: a hint to bring the element's cache
 * line closer (MLIR 22's `memref.prefetch`; nothing to do for the interpreter).
 */
export const PrefetchOp = defineOp('memref.prefetch', {
  summary: 'prefetch operation',
  description: `
The \`prefetch\` operation prefetches data from a memref location described with subscript indices similar to
\`memref.load\`, with three properties: a read/write specifier, a locality hint from 0 (no locality) to 3 (extremely
local, keep in cache), and whether the data or the instruction cache is meant.

Example:

\`\`\`mlir
memref.prefetch %0[%i, %j], read, locality<3>, data : memref<400x400xi32>
\`\`\`
`,
  operands: { memref: AnyMemRef, indices: Variadic(Index) },
  properties: { isWrite: BoolAttr, localityHint: LocalityHintAttr, isDataCache: BoolAttr },
  parse(p, state) {
    const ctx = p.context;
    const memref = p.parseOperand();
    const indices = p.parseOperandList('square');
    p.parseComma();
    const rw = p.parseIdentifier();
    p.parseComma();
    p.parseKeyword('locality');
    p.parseLess();
    const locality = p.parseAttribute(IntegerType.get(ctx, 32));
    p.parseGreater();
    p.parseComma();
    const cache = p.parseIdentifier();
    p.parseColon();
    const type = p.parseType();
    state.addOperands(...p.resolveOperands([memref], [type]), ...p.resolveOperands(indices, indices.map(() => IndexType.get(ctx))));
    state.addAttribute('localityHint', locality);
    if (rw !== 'read' && rw !== 'write') return p.emitCustomOpError("rw specifier has to be 'read' or 'write'", p.getNameLoc());
    state.addAttribute('isWrite', IntegerAttr.get(ctx, IntegerType.get(ctx, 1), rw === 'write' ? 1n : 0n));
    if (cache !== 'data' && cache !== 'instr') return p.emitCustomOpError("cache type has to be 'data' or 'instr'", p.getNameLoc());
    state.addAttribute('isDataCache', IntegerAttr.get(ctx, IntegerType.get(ctx, 1), cache === 'data' ? 1n : 0n));
    return true;
  },
  print(f, p) {
    p.write(' ');
    p.printOperand(f.memref);
    p.write('[');
    p.printOperands(f.indices);
    p.write(`], ${f.isWrite.value !== 0n ? 'write' : 'read'}, locality<${f.localityHint.value}>, ${f.isDataCache.value !== 0n ? 'data' : 'instr'}`);
    p.printOptionalAttrDict(f.op.attributes, ['localityHint', 'isWrite', 'isDataCache']);
    p.write(' : ');
    p.printType(f.memref.type);
  },
  // MLIR's PrefetchOp::fold: a memref.cast of a ranked memref folds into the prefetch.
  fold: ({ op }) => (foldMemRefCast(op.op) ? op.op.results : undefined),
  verify(f) {
    if (f.op.numOperands !== 1 + (f.memref.type as MemRefType).shape.length) {
      f.op.emitOpError('too few indices');
      return false;
    }
    return true;
  },
});
