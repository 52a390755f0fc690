// `gpu.func @k(%a: f32) workgroup(%w : memref<32xf32, 3>) private(%p : memref<1xf32, 5>) kernel { ... }`: a
// function run by the work-items of a GPU, with its memory attributions.
import {
  AnyRegion,
  ArrayAttr,
  AutomaticAllocationScope,
  CallableOpInterface,
  DenseArrayAttr,
  DictArrayAttr,
  DictionaryAttr,
  FunctionOpInterface,
  FunctionType,
  HasParent,
  IntegerAttr,
  IntegerType,
  IsolatedFromAbove,
  MemRefType,
  OptionalAttr,
  StringAttr,
  SymbolOpInterface,
  TypeAttr,
  TypeAttrOf,
  UnitAttr,
  addArgAndResultAttrs,
  attrConstraint,
  defineOp,
  getFunctionType,
  parseFunctionSignature,
  printFunctionAttributes,
  printFunctionSignature,
  type Argument,
  type BlockArgument,
  type NamedAttribute,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
} from '@tlir/ir';
import { AddressSpaceAttr, type AddressSpace } from './gpu-attributes.js';

/** The discardable attribute marking a kernel (`kernel` in gpu.func's custom form). */
export const KERNEL_ATTR = 'gpu.kernel';
/** The discardable attribute holding how many of gpu.func's (and gpu.launch's) attributions are workgroup ones. */
export const WORKGROUP_ATTRIBUTIONS_ATTR = 'workgroup_attributions';

/** `array<i32: x, y, z>`: the block or grid size a kernel is known to be launched with. */
export const DimSizeHintAttr = attrConstraint<DenseArrayAttr>(
  'i32 dense array attribute with 3 elements (if present)',
  (a) => a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.isSignless(32) && a.size === 3,
  { storage: (a) => a instanceof DenseArrayAttr },
);

/** The number of workgroup attributions of a gpu.func or gpu.launch (its `workgroup_attributions`, else 0). */
export function numWorkgroupAttributions(op: Operation): number {
  const a = op.getAttr(WORKGROUP_ATTRIBUTIONS_ATTR);
  return a instanceof IntegerAttr ? Number(a.value) : 0;
}

/** Whether `op` (a gpu.func or any function-like op) carries the `gpu.kernel` attribute. */
export function isKernel(op: Operation): boolean {
  return op.getAttr(KERNEL_ATTR) instanceof UnitAttr;
}

/** The entry block arguments of a gpu.func that are its workgroup and its private attributions. */
export function funcAttributions(op: Operation): { workgroup: BlockArgument[]; private: BlockArgument[] } {
  const args = op.regions[0]?.firstBlock?.args ?? [];
  const first = getFunctionType(op)?.inputs.length ?? 0;
  const n = numWorkgroupAttributions(op);
  return { workgroup: args.slice(first, first + n), private: args.slice(first + n) };
}

/**
 * MLIR's verifyAttributions: every attribution is a memref, whose memory space, when it is a
 * `#gpu.address_space`, is the one of its kind (a numeric space may already be a target's).
 */
export function verifyAttributions(op: Operation, attributions: readonly BlockArgument[], space: AddressSpace): boolean {
  for (const v of attributions) {
    if (!(v.type instanceof MemRefType)) {
      op.emitOpError('expected memref type in attribution');
      return false;
    }
    const ms = v.type.memorySpace;
    if (ms !== undefined && AddressSpaceAttr.is(ms) && ms.value !== space) {
      op.emitOpError(`expected memory space ${space} in attribution`);
      return false;
    }
  }
  return true;
}

/**
 * `workgroup(%a : t {attrs}, ...)` or `private(...)` when `keyword` is next: appends the arguments to `args` and
 * returns the array of their attribute dictionaries when any has one.
 */
export function parseAttributions(parser: OpAsmParser, keyword: string, args: Argument[]): ArrayAttr | undefined {
  if (!parser.parseOptionalKeyword(keyword)) return undefined;
  const list = parser.parseArgumentList('paren', true);
  args.push(...list);
  if (!list.some((a) => a.attrs && a.attrs.length)) return undefined;
  const ctx = parser.context;
  return ArrayAttr.get(ctx, list.map((a) => DictionaryAttr.get(ctx, a.attrs ?? [])));
}

/** Prints ` workgroup(%a : t {attrs}, ...)` (nothing for no attributions). */
export function printAttributions(p: OpAsmPrinter, keyword: string, values: readonly BlockArgument[], attrs?: ArrayAttr): void {
  if (!values.length) return;
  p.write(` ${keyword}(`);
  values.forEach((v, i) => {
    if (i) p.write(', ');
    p.printOperand(v);
    p.write(' : ');
    p.printType(v.type);
    const d = attrs?.elements[i];
    if (d instanceof DictionaryAttr) p.printOptionalAttrDict(d);
  });
  p.write(')');
}

/** MLIR's GPUFuncOp::parse. */
function parseGpuFunc(parser: OpAsmParser, state: OperationState): boolean {
  const ctx = parser.context;
  state.addAttribute('sym_name', StringAttr.get(ctx, parser.parseSymbolName()));
  const signatureLoc = parser.getCurrentLocation();
  const signature = parseFunctionSignature(parser);
  if (signature.argTypes.length && !signature.args.length) parser.emitCustomOpError('gpu.func requires named arguments', signatureLoc);
  const type = FunctionType.get(ctx, signature.argTypes, signature.resultTypes);
  state.addAttribute('function_type', TypeAttr.get(ctx, type));
  addArgAndResultAttrs(ctx, state, signature);
  const entryArgs = [...signature.args];
  const workgroupAttrs = parseAttributions(parser, 'workgroup', entryArgs);
  state.addAttribute(WORKGROUP_ATTRIBUTIONS_ATTR, IntegerAttr.get(ctx, IntegerType.get(ctx, 64), entryArgs.length - type.inputs.length));
  if (workgroupAttrs) state.addAttribute('workgroup_attrib_attrs', workgroupAttrs);
  const privateAttrs = parseAttributions(parser, 'private', entryArgs);
  if (privateAttrs) state.addAttribute('private_attrib_attrs', privateAttrs);
  if (parser.parseOptionalKeyword('kernel')) state.addAttribute(KERNEL_ATTR, UnitAttr.get(ctx));
  const attrs: NamedAttribute[] = [];
  parser.parseOptionalAttrDictWithKeyword(attrs);
  state.attributes.push(...attrs);
  parser.parseRegion(state.addRegion(), entryArgs);
  return true;
}

/** MLIR's GPUFuncOp::print. */
function printGpuFunc(op: Operation, p: OpAsmPrinter): void {
  p.write(' ');
  const name = op.getAttr('sym_name');
  p.printSymbolName(name instanceof StringAttr ? name.value : '');
  const type = getFunctionType(op);
  printFunctionSignature(op, p, type?.inputs ?? [], type?.results ?? []);
  const { workgroup, private: priv } = funcAttributions(op);
  const arrayProp = (n: string): ArrayAttr | undefined => {
    const a = op.getProperty(n);
    return a instanceof ArrayAttr ? a : undefined;
  };
  printAttributions(p, 'workgroup', workgroup, arrayProp('workgroup_attrib_attrs'));
  printAttributions(p, 'private', priv, arrayProp('private_attrib_attrs'));
  if (isKernel(op)) p.write(' kernel');
  printFunctionAttributes(op, p, [WORKGROUP_ATTRIBUTIONS_ATTR, KERNEL_ATTR, 'workgroup_attrib_attrs', 'private_attrib_attrs']);
  p.write(' ');
  p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: true });
}

/** MLIR's GPUFuncOp::verifyBody: the function's arguments, then the attributions, on the entry block. */
function verifyGpuFuncBody(op: Operation): boolean {
  const entry = op.regions[0]!.firstBlock;
  if (!entry) {
    op.emitOpError('expected body with at least one block');
    return false;
  }
  const inputs = getFunctionType(op)!.inputs;
  const expected = inputs.length + numWorkgroupAttributions(op);
  if (entry.numArguments < expected) {
    op.emitOpError(`expected at least ${expected} arguments to body region`);
    return false;
  }
  for (let i = 0; i < inputs.length; i++) {
    const t = entry.args[i]!.type;
    if (t !== inputs[i]) {
      op.emitOpError(`expected body region argument #${i} to be of type '${inputs[i]}', got '${t}'`);
      return false;
    }
  }
  const { workgroup, private: priv } = funcAttributions(op);
  return verifyAttributions(op, workgroup, 'workgroup') && verifyAttributions(op, priv, 'private');
}

export const FuncOp = defineOp('gpu.func', {
  summary: 'Function executable on a GPU',
  description: `
Defines a function that can be executed on a GPU. This supports memory attribution and its body has a particular
execution model.

GPU functions are either kernels (as indicated by the \`kernel\` attribute) or regular functions. The former can be
launched from the host side, while the latter are device side only.

The memory attribution defines SSA values that correspond to memory buffers allocated in the memory hierarchy of
the GPU: \`workgroup\` buffers are shared by the work-items of a work-group (a block), \`private\` buffers belong to
one work-item. The region arguments are the function arguments, then the workgroup buffers, then the private ones.
The body of a GPU function, when launched, is executed by multiple work items. There are no guarantees on the order
in which work items execute, or on the connection between them; synchronization ops such as \`gpu.barrier\` should be
used to coordinate work items. Declarations (functions without a body) are not supported.

A function may be annotated with the block and/or grid sizes it will be launched with (\`known_block_size\`,
\`known_grid_size\`: arrays of three i32, x, y and z); launching it with other sizes is undefined (the interpreter
reports it).

\`\`\`mlir
gpu.func @foo(%arg0: index)
    workgroup(%workgroup: memref<32xf32, 3>)
    private(%private: memref<1xf32, 5>)
    kernel
    attributes {qux: "quux"} {
  gpu.return
}
\`\`\`
`,
  properties: {
    function_type: TypeAttrOf(FunctionType),
    arg_attrs: OptionalAttr(DictArrayAttr),
    res_attrs: OptionalAttr(DictArrayAttr),
    workgroup_attrib_attrs: OptionalAttr(DictArrayAttr),
    private_attrib_attrs: OptionalAttr(DictArrayAttr),
    known_block_size: OptionalAttr(DimSizeHintAttr),
    known_grid_size: OptionalAttr(DimSizeHintAttr),
  },
  regions: { body: AnyRegion },
  traits: [HasParent('gpu.module'), AutomaticAllocationScope, IsolatedFromAbove],
  interfaces: [
    SymbolOpInterface.implement({}),
    CallableOpInterface.implement({
      getCallableRegion: (op) => op.regions[0],
      getArgumentTypes: (op) => getFunctionType(op)?.inputs ?? [],
      getResultTypes: (op) => getFunctionType(op)?.results ?? [],
    }),
    FunctionOpInterface.implement({
      verifyType(op) {
        if (isKernel(op) && getFunctionType(op)!.results.length !== 0) {
          op.emitOpError('expected void return type for kernel function');
          return false;
        }
        return true;
      },
      verifyBody: verifyGpuFuncBody,
    }),
  ],
  parse: parseGpuFunc,
  print: (f, p) => printGpuFunc(f.op, p),
});
