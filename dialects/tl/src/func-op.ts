import {
  Block,
  DenseI32ArrayAttr,
  DictArrayAttr,
  FunctionOpInterface,
  FunctionType,
  I32Attr,
  IsolatedFromAbove,
  NoTerminator,
  OptionalAttr,
  SingleBlock,
  SizedRegion,
  StrAttr,
  SymbolNameAttr,
  SymbolOpInterface,
  TypeAttrOf,
  defineOp,
  parseFunctionOp,
  printFunctionOp,
  type OpAsmParser,
  type Operation,
  type OperationState,
} from '@tlir/ir';
import { TlGroupType, TlMemrefType, isScalarType } from './types.js';
import { workGroupProblem } from './work-group-rules.js';

const isExternal = (op: Operation): boolean => op.regions[0]?.empty ?? true;

/**
 * MLIR's function syntax (parseFunctionOp), except that a body written `{}` is an empty body (one block without
 * ops, as the printer writes it), which a kernel may have: parseFunctionOp takes `{}` for a missing body.
 */
function parseKernel(p: OpAsmParser, state: OperationState): boolean {
  const parser = new Proxy(p, {
    get(target, key) {
      if (key === 'parseOptionalRegion') {
        return (region: Parameters<OpAsmParser['parseOptionalRegion']>[0], args?: Parameters<OpAsmParser['parseOptionalRegion']>[1]): boolean => {
          const parsed = target.parseOptionalRegion(region, args);
          if (parsed && region.empty) region.pushBack(new Block());
          return parsed;
        };
      }
      const v: unknown = Reflect.get(target, key);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  return parseFunctionOp(parser, state);
}

/**
 * `tl.func @name(%a: f32, %B: !tl.memref<f32x8x8>) attributes {work_group_size = array<i32: 64, 4>} { ... }`: a
 * kernel callable from the host (spec: Functions).
 */
export const FuncOp = defineOp('tl.func', {
  summary: 'A kernel callable from the host',
  description: `
spec: Functions. The arguments are scalars, memrefs or groups; a kernel returns nothing. The optional
\`work_group_size\` (two positive modes, at most 1024 work-items) and \`subgroup_size\` (4, 8, ..., 128, the
subgroup sizes of WebGPU devices) follow the spec's rules: the first mode of the work-group size is a multiple of
the subgroup size, or of some subgroup size a device may have when none is given.
`,
  properties: {
    sym_name: SymbolNameAttr,
    function_type: TypeAttrOf(FunctionType),
    sym_visibility: OptionalAttr(StrAttr),
    arg_attrs: OptionalAttr(DictArrayAttr),
    res_attrs: OptionalAttr(DictArrayAttr),
    work_group_size: OptionalAttr(DenseI32ArrayAttr),
    subgroup_size: OptionalAttr(I32Attr),
  },
  regions: { body: SizedRegion(1) },
  traits: [IsolatedFromAbove, SingleBlock, NoTerminator],
  interfaces: [SymbolOpInterface.implement({ isDeclaration: isExternal }), FunctionOpInterface.implement({ isExternal })],
  defaultDialect: 'tl',
  parse: parseKernel,
  print: (f, p) => printFunctionOp(f.op, p),
  verify(f) {
    const type = f.function_type.value as FunctionType;
    const fail = (message: string): false => {
      f.op.emitOpError(message);
      return false;
    };
    if (type.results.length) return fail(`a kernel returns nothing, but the function type has ${type.results.length} result${type.results.length === 1 ? '' : 's'}`);
    const bad = type.inputs.findIndex((t) => !isScalarType(t) && !TlMemrefType.is(t) && !TlGroupType.is(t));
    if (bad >= 0) return fail(`argument #${bad} must be a scalar, a memref or a group, got '${type.inputs[bad]}'`);
    const problem = workGroupProblem(f.work_group_size ? [...f.work_group_size.values].map(Number) : undefined, f.subgroup_size ? Number(f.subgroup_size.value) : undefined);
    return problem ? fail(problem.message) : true;
  },
});
