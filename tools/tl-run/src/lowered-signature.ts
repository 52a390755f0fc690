// The signature of a kernel given as lowered MLIR (the krnl, scf or gpu stage, where no tl.func is left): its
// parameters from the function's arguments (builtin memrefs, !flow.group, scalars), named as the WGSL translation
// names them (`%A` as written in the .tl source when the IR carries its locations, else `arg0`, `arg1`...). A host
// function (one that dispatches or launches the kernel) takes the number of work-groups last: that is not a parameter.
import { FlowGroupType } from '@tlir/dialect-flow';
import { DispatchOp } from '@tlir/dialect-flow';
import { LaunchFuncOp } from '@tlir/dialect-gpu';
import { DYNAMIC, getSymbolName, MemRefType, type Operation, type SourceManager } from '@tlir/ir';
import type { MemRefShape } from '@tlir/runtime';
import { argumentName } from '@tlir/target-wgsl';
import { elementTypeName } from './element-dtypes.js';
import type { KernelParameter, KernelSignature } from './kernel-signature.js';
import { ToolFailure } from './tool-failure.js';

const nullable = (n: number): number | null => (n === DYNAMIC ? null : n);

function layoutOf(memref: MemRefType, offset: number): MemRefShape {
  const { strides } = memref.getStridesAndOffset();
  return { shape: memref.shape.map(nullable), strides: strides.map(nullable), offset: nullable(offset) };
}

/** Whether `fn` dispatches or launches the kernel (a host function, whose last argument is the number of work-groups). */
export function isHostFunction(fn: Operation): boolean {
  let host = false;
  fn.walk((op) => {
    if (DispatchOp.is(op) || LaunchFuncOp.is(op)) {
      host = true;
      return 'interrupt';
    }
    return undefined;
  });
  return host;
}

/** The signature of a lowered kernel function (or host function). */
export function loweredSignature(fn: Operation, sources: SourceManager): KernelSignature {
  const all = fn.regions[0]?.firstBlock?.args ?? [];
  const args = isHostFunction(fn) ? all.slice(0, -1) : all;
  const parameters = args.map((arg, index): KernelParameter => {
    const type = arg.type;
    const common = { index, name: argumentName(arg, index, (file, line) => sources.getLine(file, line)), type, typeText: String(type), loc: arg.loc };
    let element;
    try {
      if (type instanceof MemRefType) {
        element = type.elementType;
        return { ...common, kind: 'memref', elementType: element, elementName: elementTypeName(element), layout: layoutOf(type, type.getStridesAndOffset().offset) };
      }
      if (FlowGroupType.is(type)) {
        const member = type.memrefType as MemRefType;
        element = member.elementType;
        return { ...common, kind: 'group', elementType: element, elementName: elementTypeName(element), layout: layoutOf(member, type.offset) };
      }
      return { ...common, kind: 'scalar', elementType: type, elementName: elementTypeName(type), layout: undefined };
    } catch {
      throw ToolFailure.message(`@${getSymbolName(fn)}: argument ${index} has type ${type}, which tl-run has no host values for`);
    }
  });
  return { name: getSymbolName(fn) ?? '?', kernel: fn, parameters };
}
