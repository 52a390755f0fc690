// The krnl dialect's implementations for the reference interpreter (docs/interpreter.md), each registered for its
// op definition.
import { ControlTransfer, fault, floatKind, roundToKind, type InterpreterRegistry } from '@tlir/interpreter';
import { floatClassification, floatUnaryFunction } from '@tlir/dialect-math';
import { GlobalOp } from '../global-op.js';
import { IterateOp } from '../iterate-op.js';
import { BlockOp, DefineLoopsOp, GetInductionVariableValueOp, ParallelOp, PermuteOp, SpecializedKernelOp, UnrollOp } from '../loop-schedule-ops.js';
import { MatMulOp } from '../matmul-op.js';
import { LoadOp, MemcpyOp, MemsetOp, StoreOp } from '../memory-access-ops.js';
import { DimOp, GetRefOp, ShapeOp, VectorTypeCastOp } from '../memref-view-ops.js';
import { MovableOp, RegionOp } from '../region-ops.js';
import { CallOp, EntryPointOp, PrintOp, PrintTensorOp, RandomNormalOp, RuntimeInstrumentOp } from '../runtime-ops.js';
import { MATH_EQUIVALENT_OPS } from '../scalar-math-ops.js';
import { SeqAllocOp, SeqDeallocOp, SeqExtractOp, SeqStoreOp } from '../sequence-ops.js';
import { FindIndexOp, StrlenOp, StrncmpOp } from '../string-ops.js';
import { TerminateOp, YieldOp } from '../terminator-ops.js';
import { CopyFromTileBufferOp, CopyToTileBufferOp } from '../tile-buffer-ops.js';
import { globalConstant } from './global-memory.js';
import { inductionVariableValues, runIterate } from './iterate-execution.js';
import { loopHandleProblem, loopHandles } from './loop-handle-value.js';
import { matmul } from './matmul.js';
import { load, memcpy, memset, store } from './memory-access.js';
import { dim, getRef, shape } from './memref-views.js';
import { randomNormal } from './random-normal.js';
import { call, defaultWrite, print, printTensor, vectorTypeCast, type KrnlInterpreterOptions } from './runtime-ops.js';
import { seqAlloc, seqDealloc, seqExtract, seqStore } from './sequence-ops.js';
import { findIndex, strlen, strncmp } from './string-ops.js';
import { sequenceValueProblem } from './sequence-value.js';
import { stringValueProblem } from './string-value.js';
import { copyFromTileBuffer, copyToTileBuffer } from './tile-buffer-copies.js';

/**
 * Registers the implementation of every krnl op and the check of `!krnl.loop` values. The scalar math ops compute
 * what their math dialect equivalents compute; the memref values are those of the memref dialect's
 * implementations (registerMemRefInterpreter checks them).
 */
export function registerKrnlInterpreter(registry: InterpreterRegistry, options: KrnlInterpreterOptions = {}): InterpreterRegistry {
  // The schedule: loop handles are names; krnl.iterate reads the schedule from the IR.
  registry.registerImpl(DefineLoopsOp, (op) => loopHandles(op.op));
  registry.registerImpl(BlockOp, (op) => loopHandles(op.op));
  for (const def of [PermuteOp, UnrollOp, ParallelOp, SpecializedKernelOp]) registry.registerImpl(def, () => []);
  registry.registerImpl(IterateOp, (op, operands, ctx) => runIterate(op.op, operands, ctx));
  registry.registerImpl(GetInductionVariableValueOp, (op, _operands, ctx) => inductionVariableValues(op.op, ctx));
  registry.registerImpl(YieldOp, (_op, values) => ControlTransfer.yield(values));
  registry.registerImpl(TerminateOp, () => ControlTransfer.yield());
  // Memory.
  registry.registerImpl(LoadOp, (op, operands) => load(op.op, operands));
  registry.registerImpl(StoreOp, (op, operands) => store(op.op, operands));
  registry.registerImpl(MemsetOp, (_op, operands) => memset(operands));
  registry.registerImpl(MemcpyOp, (op, operands) => memcpy(op.op, operands));
  registry.registerImpl(CopyToTileBufferOp, copyToTileBuffer);
  registry.registerImpl(CopyFromTileBufferOp, copyFromTileBuffer);
  registry.registerImpl(MatMulOp, matmul);
  registry.registerImpl(GetRefOp, (op, operands) => getRef(op.op, operands));
  registry.registerImpl(DimOp, (op, operands) => dim(op.op, operands));
  registry.registerImpl(ShapeOp, (op, operands, ctx) => shape(op.op, operands, ctx));
  registry.registerImpl(GlobalOp, globalConstant);
  // Scalar math: what the math dialect's op computes, on scalars.
  for (const [def, mathDef] of MATH_EQUIVALENT_OPS) {
    const f = floatUnaryFunction(mathDef);
    const test = floatClassification(mathDef);
    registry.registerImpl(def, (op, [x]) => {
      const kind = floatKind(op.in.type) ?? fault(`'${op.op.name}' on ${op.in.type}: the interpreter runs it on scalars only (no vectors or tensors)`);
      if (f) return [roundToKind(kind, f(x as number))];
      return [test!(x as number, kind) ? 1 : 0];
    });
  }
  // Regions.
  registry.registerImpl(RegionOp, (op, _operands, ctx) => void ctx.runRegion(op.bodyRegion, []));
  registry.registerImpl(MovableOp, (op, _operands, ctx) => void ctx.runRegion(op.region, []));
  // The runtime.
  const write = options.write ?? defaultWrite;
  registry.registerImpl(PrintOp, (op, operands) => print(op, operands, write));
  registry.registerImpl(PrintTensorOp, (op, operands) => printTensor(op, operands, write));
  registry.registerImpl(CallOp, (op, operands) => call(op, operands, options.externalFunctions));
  for (const def of [RuntimeInstrumentOp, EntryPointOp]) registry.registerImpl(def, () => []);
  registry.registerImpl(RandomNormalOp, (op, operands) => randomNormal(op.op, operands));
  registry.registerImpl(VectorTypeCastOp, (op) => vectorTypeCast(op.op));
  // Sequences (memrefs of memrefs) and strings.
  registry.registerImpl(SeqAllocOp, (op, operands) => seqAlloc(op.op, operands));
  registry.registerImpl(SeqDeallocOp, (op, operands) => seqDealloc(op.op, operands));
  registry.registerImpl(SeqExtractOp, seqExtract);
  registry.registerImpl(SeqStoreOp, (op, operands) => seqStore(op.op, operands));
  registry.registerImpl(StrlenOp, (op, operands) => strlen(op.op, operands));
  registry.registerImpl(StrncmpOp, (op, operands) => strncmp(op.op, operands));
  registry.registerImpl(FindIndexOp, (op, operands) => findIndex(op.op, operands));
  registry.registerValueCheck(loopHandleProblem);
  registry.registerValueCheck(stringValueProblem);
  registry.registerValueCheck(sequenceValueProblem);
  return registry;
}
