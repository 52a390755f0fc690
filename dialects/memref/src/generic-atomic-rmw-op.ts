import { MemoryAccessOpInterface, memoryAccess } from '@tlir/ir';
import {
  AnyFloat,
  AnySignlessInteger,
  AnyRegion,
  AnyType,
  HasParent,
  Index,
  IndexType,
  MemRefType,
  Pure,
  SingleBlockImplicitTerminator,
  Terminator,
  TypesMatchWith,
  Variadic,
  defineOp,
  typeConstraint,
} from '@tlir/ir';
import { MemRead, MemWrite, isMemoryEffectFree } from '@tlir/rewrite';
import { elementTypeOf } from './element-type.js';
import { MemRefOfSignlessIntegerOrFloat } from './memref-constraints.js';

const IntOrFloat = typeConstraint('signless integer or floating-point', (t) => AnySignlessInteger.check(t) || AnyFloat.check(t));

/**
 * `%x = memref.generic_atomic_rmw %m[%i] : memref<10xf32> { ^bb0(%current: f32): ... memref.atomic_yield %new : f32 }`:
 * an atomic read-modify-write whose modification is a region.
 */
export const GenericAtomicRMWOp = defineOp('memref.generic_atomic_rmw', {
  summary: 'atomic read-modify-write operation with a region',
  description: `
The \`memref.generic_atomic_rmw\` operation provides a way to perform a read-modify-write sequence that is free from
data races. The memref operand represents the buffer that the read and write will be performed against, as
accessed by the specified indices. The result represents the latest value that was stored. The region contains
the code for the modification itself: its entry block has a single argument, the value stored before the write,
and no side-effecting ops are allowed in it.

Example:

\`\`\`mlir
%x = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
^bb0(%current_value : f32):
  %c1 = arith.constant 1.0 : f32
  %inc = arith.addf %c1, %current_value : f32
  memref.atomic_yield %inc : f32
}
\`\`\`
`,
  operands: { memref: MemRefOfSignlessIntegerOrFloat, indices: Variadic(Index) },
  results: { result: TypesMatchWith('result type matches element type of memref', 'memref', elementTypeOf, IntOrFloat) },
  regions: { atomic_body: AnyRegion },
  traits: [SingleBlockImplicitTerminator('memref.atomic_yield'), MemRead, MemWrite],
  interfaces: [MemoryAccessOpInterface.implement({ getMemoryAccesses: (op) => [memoryAccess(op, 0, 1, { read: true, write: true, atomic: true })] })],
  parse(p, state) {
    const memref = p.parseOperand();
    const indices = p.parseOperandList('square');
    const type = p.parseColonType();
    state.operands.push(p.resolveOperand(memref, type));
    const index = IndexType.get(p.context);
    for (const i of indices) state.operands.push(p.resolveOperand(i, index));
    p.parseRegion(state.addRegion());
    p.parseOptionalAttrDict(state.attributes);
    if (type instanceof MemRefType) state.resultTypes.push(type.elementType);
    return true;
  },
  print(g, p) {
    const op = g.op;
    p.write(' ');
    p.printOperand(g.memref);
    p.write('[');
    p.printOperands(g.indices);
    p.write('] : ');
    p.printType(g.memref.type);
    p.write(' ');
    p.printRegion(op.regions[0]!);
    p.printOptionalAttrDict(op.attributes);
  },
  verify(g) {
    const op = g.op;
    const body = op.regions[0]!.firstBlock;
    if (body?.numArguments !== 1) {
      op.emitOpError('expected single number of entry block arguments');
      return false;
    }
    if (g.result.type !== body.args[0]!.type) {
      op.emitOpError('expected block argument of the same type result type');
      return false;
    }
    for (let b = op.regions[0]!.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        const found = o.walk((nested) => {
          if (isMemoryEffectFree(nested)) return undefined;
          nested.emitError("body of 'memref.generic_atomic_rmw' should contain only operations with no side effects");
          return 'interrupt';
        });
        if (found === 'interrupt') return false;
      }
    }
    return true;
  },
});

/** `memref.atomic_yield %v : f32`: ends the region of memref.generic_atomic_rmw with the value to store. */
export const AtomicYieldOp = defineOp('memref.atomic_yield', {
  summary: 'yield operation for GenericAtomicRMWOp',
  description: `
"memref.atomic_yield" yields an SSA value from a GenericAtomicRMWOp region.
`,
  operands: { result: AnyType },
  traits: [HasParent('memref.generic_atomic_rmw'), Pure, Terminator],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(y) {
    const parentType = y.op.parentOp!.resultTypes[0];
    const type = y.result.type;
    if (parentType !== type) {
      y.op.emitOpError(`types mismatch between yield op: '${type}' and its parent: '${parentType}'`);
      return false;
    }
    return true;
  },
});
