// `%r = flow.dispatch @ex::@fn[%n](%a, %n) : (tensor<?xf32>{%n}, index) -> tensor<?xf32>{%n}`: a dispatch of an
// executable's export over a grid of workgroups (IREE's flow.dispatch).
import {
  AnyType,
  ArrayAttr,
  MemRefType,
  UnrankedMemRefType,
  ArrayAttrOf,
  Index,
  OptionalAttr,
  SymbolRefAttr,
  SymbolRefAttrConstraint,
  SymbolUserOpInterface,
  Variadic,
  defineOp,
  type OpAsmParser,
  type Operation,
  type SymbolTableCollection,
  type Value,
} from '@tlir/ir';
import { MemoryEffectOpInterface, type MemoryEffect } from '@tlir/rewrite';
import { FlowGroupType } from './group-type.js';
import { addDispatchOperands, parseShapedFunctionType, printShapedFunctionType } from './shaped-function-type.js';
import { verifyDynamicDims } from './shaped-dims.js';
import { parseWorkload, printWorkload } from './workload.js';
import { TiedOperandsAttr, verifyTiedOperands } from './tied-operands.js';
import { ExecutableExportOp } from './executable-ops.js';

/** `@ex::@fn` or `{@ex::@a, @ex::@b}` (IREE's custom<DispatchEntryPoints>). */
function parseEntryPoints(p: OpAsmParser): ArrayAttr {
  const refs: SymbolRefAttr[] = [];
  const parseRef = (): void => {
    const loc = p.getCurrentLocation();
    const a = p.parseOptionalAttribute();
    if (!(a instanceof SymbolRefAttr)) p.emitError('expected an entry point reference (@executable::@export)', loc);
    refs.push(a);
  };
  if (p.parseOptionalLBrace()) {
    do parseRef();
    while (p.parseOptionalComma());
    p.parseRBrace();
  } else parseRef();
  return ArrayAttr.get(p.context, refs);
}

/** The entry points of a dispatch, as symbol references. */
export function dispatchEntryPoints(op: Operation): SymbolRefAttr[] {
  const a: unknown = DispatchOp.match(op)?.entry_points;
  return a instanceof ArrayAttr ? a.elements.filter((e): e is SymbolRefAttr => e instanceof SymbolRefAttr) : [];
}

const READ_WRITE: readonly MemoryEffect[] = Object.freeze(['read', 'write']);
const NO_EFFECTS: readonly MemoryEffect[] = Object.freeze([]);

/**
 * A dispatch of tensors has no memory effects (IREE's value semantics); one given memrefs or groups of memrefs
 * (a tensor-language kernel's arguments) may read and write them.
 */
function dispatchEffects(op: Operation): readonly MemoryEffect[] {
  for (const v of DispatchOp.wrap(op).arguments) {
    const t = v.type;
    if (t instanceof MemRefType || t instanceof UnrankedMemRefType || FlowGroupType.is(t)) return READ_WRITE;
  }
  return NO_EFFECTS;
}

/** IREE's check that a dispatch's workload is what the export's workgroup count region takes. */
function verifyDispatchWorkload(op: Operation, exportOp: Operation, workload: readonly Value[]): boolean {
  const block = exportOp.regions[0]?.firstBlock;
  if (!block) return true;
  // The workload and the region's arguments are index values (both verified), so only their numbers can differ.
  if (block.numArguments === workload.length) return true;
  op.emitOpError(`workload mismatch; entry point expects ${block.numArguments} arguments but dispatch provides ${workload.length}`);
  return false;
}

/**
 * An entry point that exists must be a flow.executable.export whose workgroup count region takes the workload. As
 * IREE's verifier, one that names nothing is not an error (IREE's own tests dispatch to executables they leave
 * out); running such a dispatch is (see the interpreter).
 */
function verifyEntryPoints(op: Operation, symbols: SymbolTableCollection): boolean {
  const workload = DispatchOp.wrap(op).workload;
  for (const ref of dispatchEntryPoints(op)) {
    const target = symbols.lookupNearestSymbolFrom(op, ref);
    if (!target) continue;
    if (!ExecutableExportOp.is(target)) {
      op.emitOpError(`entry point ${ref} is a '${target.name}', not a 'flow.executable.export'`);
      return false;
    }
    if (!verifyDispatchWorkload(op, target, workload)) return false;
  }
  return true;
}

export const DispatchOp = defineOp('flow.dispatch', {
  summary: 'A dispatch of workgroups across a grid',
  description: `
Dispatches workgroups across a grid defined by the captured workload parameters carrying the information required to
compute the workgroup count at runtime. The function for converting the workload into a 3D workgroup count is
attached to the dispatch entry point (the export's \`workgroups\` region) and may contain arbitrary host logic.

The type after \`:\` gives each argument's type with its dynamic dimensions (\`tensor<?xf32>{%n}\`) and each result's;
a result written as an argument (\`-> %arg0\`, or \`%arg0 as tensor<...>\` when the type changes) is tied to it: the
dispatch updates that tensor in place. Several entry points (\`{@ex::@a, @ex::@b}\`) are variants of one dispatch.

\`\`\`mlir
%0 = flow.dispatch @ex0::@dispatch_fn[%c4](%c4, %arg0) : (index, tensor<4xf32>) -> tensor<4xf32>
%1:2 = flow.dispatch @ex0::@dispatch_fn[%c4](%c4, %arg0, %arg1) : (index, tensor<4xf32>, tensor<8xf32>) -> (%arg0, %arg1)
\`\`\`

In the reference interpreter the export's function is called once per workgroup (in order x fastest, then y, then z)
with the dispatch's bindings: a \`!flow.dispatch.tensor\` per tensor argument (\`readonly\`, or \`readwrite\` when a
result is tied to it), the other arguments as they are, then a \`writeonly\` binding per untied result. The results
are the contents of the bindings afterwards; the arguments are not changed (value semantics).

A dispatch of tensors has no memory effects. Memrefs and groups of memrefs (the arguments of a tensor-language kernel
outlined by \`flow-outline-kernels\`) are passed to the function as they are: the dispatch may read and write them,
so it is never removed as dead nor merged with another.
`,
  operands: { workload: Variadic(Index), arguments: Variadic(AnyType), argument_dims: Variadic(Index), result_dims: Variadic(Index) },
  results: { results: Variadic(AnyType) },
  properties: { entry_points: ArrayAttrOf(SymbolRefAttrConstraint, 'symbol ref array attribute'), tied_operands: OptionalAttr(TiedOperandsAttr) },
  interfaces: [SymbolUserOpInterface.implement({ verifySymbolUses: verifyEntryPoints }), MemoryEffectOpInterface.implement({ getEffects: dispatchEffects })],
  parse(p, state) {
    state.addAttribute('entry_points', parseEntryPoints(p));
    const workload = parseWorkload(p);
    const args = p.parseOperandList('paren');
    p.parseOptionalAttrDict(state.attributes);
    p.parseColon();
    const f = parseShapedFunctionType(p, args);
    addDispatchOperands(p, state, workload, args, f);
    return true;
  },
  print(d, p) {
    p.write(' ');
    const refs = dispatchEntryPoints(d.op);
    if (refs.length === 1) p.printAttribute(refs[0]!);
    else {
      p.write('{');
      refs.forEach((r, i) => {
        if (i) p.write(', ');
        p.printAttribute(r);
      });
      p.write('}');
    }
    printWorkload(p, d.workload);
    p.write('(');
    p.printOperands(d.arguments);
    p.write(')');
    p.printOptionalAttrDict(d.op.attributes);
    p.write(' : ');
    printShapedFunctionType(p, d.op, d.arguments, d.argument_dims, d.result_dims);
  },
  verify(d) {
    const op = d.op;
    if (dispatchEntryPoints(op).length === 0) {
      op.emitOpError('at least one entry point reference is required');
      return false;
    }
    return (
      verifyDynamicDims(op, d.arguments.map((a) => a.type), d.argument_dims) &&
      verifyDynamicDims(op, d.results.map((r) => r.type), d.result_dims) &&
      verifyTiedOperands(op, d.arguments)
    );
  },
});
