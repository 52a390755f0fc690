// `gpu.launch_func @kernels::@k blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz) args(%a : f32)`: the host
// launches a kernel of a gpu.module on a grid of blocks.
import {
  AnyOf,
  AnyType,
  FunctionOpInterface,
  I32,
  I64,
  Index,
  IndexType,
  OPERAND_SEGMENT_SIZES,
  Optional,
  staticIndices,
  SameAs,
  SymbolRefAttrConstraint,
  SymbolTable,
  SymbolUserOpInterface,
  Variadic,
  defineOp,
  getFunctionType,
  isModuleOp,
  type CustomDirective,
  type Operation,
  type SymbolRefAttr,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tlir/ir';
import { AsyncDependencies } from './async-dependencies.js';
import { AsyncToken, AsyncTokenType } from './async-token-type.js';
import { FuncOp, isKernel } from './func-op.js';
import { ModuleOp } from './module-op.js';

/** The discardable attribute of a builtin.module whose gpu.modules host launches use. */
export const CONTAINER_MODULE_ATTR = 'gpu.container_module';

/** The type of the grid, block and cluster sizes of a launch: index, i32 or i64 (all the same). */
const LaunchIndex = AnyOf([Index, I32, I64]);

/** `: i32` after the sizes when they are not `index` (custom<LaunchDimType>); cluster sizes share the type. */
const LaunchDimType: CustomDirective = {
  parse(parser, args) {
    const t: Type = parser.parseOptionalColon() ? parser.parseType() : IndexType.get(parser.context);
    args[0] = t;
    if (args[1] !== undefined) args[2] = args[3] = args[4] = t;
  },
  print(p, _op, args) {
    const t = args[0] as Type;
    if (!(t instanceof IndexType)) {
      p.write(': ');
      p.printType(t);
    }
  },
};

/** `args(%a : f32, %b : memref<?xf32>)` (custom<LaunchFuncOperands>). */
const LaunchFuncOperands: CustomDirective = {
  parse(parser, args) {
    const names: UnresolvedOperand[] = [];
    const types: Type[] = [];
    if (parser.parseOptionalKeyword('args')) {
      parser.parseCommaSeparatedList(
        'paren',
        () => {
          names.push(parser.parseOperand());
          types.push(parser.parseColonType());
        },
        ' in argument list',
      );
    }
    args[0] = names;
    args[1] = types;
  },
  print(p, _op, args) {
    const operands = args[0] as readonly Value[];
    if (!operands.length) return;
    p.write('args(');
    operands.forEach((v, i) => {
      if (i) p.write(', ');
      p.printOperand(v);
      p.write(' : ');
      p.printType(v.type);
    });
    p.write(')');
  },
};

/** The nearest enclosing builtin.module of `op`. */
function enclosingModule(op: Operation): Operation | undefined {
  for (let p = op.parentOp; p; p = p.parentOp) if (isModuleOp(p)) return p;
  return undefined;
}

/**
 * What MLIR's GPU dialect checks of a launch from the `gpu.container_module` module: the kernel container is a
 * gpu.module of that module, the kernel a function in it marked `gpu.kernel`, and, for a gpu.func, the kernel
 * operands match its arguments. As in MLIR, only launches directly in ops of the container module are checked.
 */
function verifyKernelReference(op: Operation, view: { kernel: SymbolRefAttr; kernelOperands: Value[] }): boolean {
  const module = enclosingModule(op);
  if (!module || op.parentOp?.parentOp !== module || module.getAttr(CONTAINER_MODULE_ATTR) === undefined) return true;
  const container = SymbolTable.lookupSymbolIn(module, view.kernel.root);
  if (!container) {
    op.emitOpError(`kernel container '${view.kernel.root}' is undefined`);
    return false;
  }
  if (!ModuleOp.is(container)) {
    op.emitOpError(`kernel module '${view.kernel.root}' is undefined`);
    return false;
  }
  const kernel = SymbolTable.lookupSymbolIn(module, view.kernel);
  const ref = String(view.kernel);
  if (!kernel) {
    op.emitOpError(`kernel function '${ref}' is undefined`);
    return false;
  }
  if (!FunctionOpInterface.get(kernel)) {
    op.emitOpError(`referenced kernel '${ref}' is not a function`).attachNote(kernel.loc, 'see the kernel definition here');
    return false;
  }
  if (!isKernel(kernel)) {
    op.emitOpError("kernel function is missing the 'gpu.kernel' attribute");
    return false;
  }
  if (!FuncOp.is(kernel)) return true;
  const inputs = getFunctionType(kernel)?.inputs ?? [];
  if (inputs.length !== view.kernelOperands.length) {
    op.emitOpError(`got ${view.kernelOperands.length} kernel operands but expected ${inputs.length}`);
    return false;
  }
  for (let i = 0; i < inputs.length; i++) {
    if (view.kernelOperands[i]!.type !== inputs[i]) {
      op.emitOpError(`type of function argument ${i} does not match`);
      return false;
    }
  }
  return true;
}

/** The kernel reference and the kernel operands of a gpu.launch_func (read without its view: the op is being defined). */
function kernelAndOperands(op: Operation): { kernel: SymbolRefAttr; kernelOperands: Value[] } {
  const seg = staticIndices(op.getProperty(OPERAND_SEGMENT_SIZES));
  const start = seg.slice(0, 11).reduce((a, n) => a + n, 0);
  return { kernel: op.getProperty('kernel') as SymbolRefAttr, kernelOperands: op.operands.slice(start, start + seg[11]!) };
}

export const LaunchFuncOp = defineOp('gpu.launch_func', {
  summary: 'Launches a function as a GPU kernel',
  description: `
Launch a kernel function on the specified grid of thread blocks. \`gpu.launch\` operations are lowered to
\`gpu.launch_func\` operations by outlining the kernel body into a function in a dedicated module, which reflects the
separate compilation process. The kernel function is required to have the \`gpu.kernel\` attribute. The module
containing the kernel function is required to be a gpu.module. And finally, the module containing the kernel module
(which thus cannot be the top-level module) is required to have the \`gpu.container_module\` attribute. The
\`gpu.launch_func\` operation has a symbol attribute named \`kernel\` to identify the fully specified kernel function to
launch (both the gpu.module and func).

The \`gpu.launch_func\` supports async dependencies: the kernel does not start executing until the ops producing those
async dependencies have completed. By default, the host implicitly blocks until kernel execution has completed. If
the \`async\` keyword is present, the host does not block but instead a \`!gpu.async.token\` is returned.

The operation requires at least the grid and block sizes along the x, y, z dimensions (index, i32 or i64, all of
one type, written after \`: \` when not index); unused sizes must be set to \`1\`. Optional: cluster sizes
(\`clusters in (...)\`, before the grid), the amount of dynamic shared memory per work-group
(\`dynamic_shared_memory_size\`, i32), the kernel's arguments (\`args(%a : type, ...)\`) and an object to launch on
(\`<%obj : type>\`).

\`\`\`mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel_1(%arg0 : f32, %arg1 : memref<?xf32, 1>) kernel {
      gpu.return
    }
  }
  func.func @host(%cst: index, %f: f32, %m: memref<?xf32, 1>) {
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@kernel_1 blocks in (%cst, %cst, %cst) threads in (%cst, %cst, %cst)
        args(%f : f32, %m : memref<?xf32, 1>)
    gpu.wait [%t1]
    return
  }
}
\`\`\`
`,
  operands: {
    asyncDependencies: Variadic(AsyncToken),
    gridSizeX: LaunchIndex,
    gridSizeY: SameAs('gridSizeX', LaunchIndex),
    gridSizeZ: SameAs('gridSizeX', LaunchIndex),
    blockSizeX: SameAs('gridSizeX', LaunchIndex),
    blockSizeY: SameAs('gridSizeX', LaunchIndex),
    blockSizeZ: SameAs('gridSizeX', LaunchIndex),
    clusterSizeX: Optional(LaunchIndex),
    clusterSizeY: Optional(LaunchIndex),
    clusterSizeZ: Optional(LaunchIndex),
    dynamicSharedMemorySize: Optional(I32),
    kernelOperands: Variadic(AnyType),
    asyncObject: Optional(AnyType),
  },
  results: { asyncToken: Optional(AsyncToken) },
  properties: { kernel: SymbolRefAttrConstraint },
  interfaces: [
    SymbolUserOpInterface.implement({
      verifySymbolUses: (op: Operation): boolean => verifyKernelReference(op, kernelAndOperands(op)),
    }),
  ],
  assemblyFormat: `
    custom<AsyncDependencies>(type($asyncToken), $asyncDependencies)
    (\`<\` $asyncObject^ \`:\` type($asyncObject) \`>\`)?
    $kernel
    ( \`clusters\` \`in\` \` \` \`(\` $clusterSizeX^ \`,\` $clusterSizeY \`,\` $clusterSizeZ \`)\` )?
    \`blocks\` \`in\` \` \` \`(\` $gridSizeX \`,\` $gridSizeY \`,\` $gridSizeZ \`)\`
    \`threads\` \`in\` \` \` \`(\` $blockSizeX \`,\` $blockSizeY \`,\` $blockSizeZ \`)\`
    custom<LaunchDimType>(type($gridSizeX), ref($clusterSizeX), type($clusterSizeX), type($clusterSizeY), type($clusterSizeZ))
    (\`dynamic_shared_memory_size\` $dynamicSharedMemorySize^)?
    custom<LaunchFuncOperands>($kernelOperands, type($kernelOperands)) attr-dict`,
  customDirectives: { AsyncDependencies, LaunchDimType, LaunchFuncOperands },
  verify(launch) {
    const op = launch.op;
    const module = enclosingModule(op);
    if (!module) {
      op.emitOpError('expected to belong to a module');
      return false;
    }
    if (module.getAttr(CONTAINER_MODULE_ATTR) === undefined) {
      op.emitOpError(`expected the closest surrounding module to have the '${CONTAINER_MODULE_ATTR}' attribute`);
      return false;
    }
    const clusters = [launch.clusterSizeX, launch.clusterSizeY, launch.clusterSizeZ];
    if (clusters.every((c) => c !== undefined) && (clusters[1]!.type !== clusters[0]!.type || clusters[2]!.type !== clusters[0]!.type)) {
      op.emitOpError('expects types of the cluster dimensions must be the same');
      return false;
    }
    return true;
  },
});
