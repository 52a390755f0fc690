import { ArithDialect } from '@tlir/dialect-arith';
import { CfDialect } from '@tlir/dialect-cf';
import { FlowDialect } from '@tlir/dialect-flow';
import { FuncDialect } from '@tlir/dialect-func';
import { GpuDialect } from '@tlir/dialect-gpu';
import { KrnlDialect } from '@tlir/dialect-krnl';
import { MathDialect } from '@tlir/dialect-math';
import { MemRefDialect } from '@tlir/dialect-memref';
import { TlDialect } from '@tlir/dialect-tl';
import { ScfDialect } from '@tlir/dialect-scf';
import { VectorDialect } from '@tlir/dialect-vector';
import type { Dialect } from '@tlir/ir';

/**
 * The dialects loaded into every context the tools create (besides builtin, which is always there), as mlir-opt
 * registers its dialects. Add a dialect package here to make every tool read and print its ops.
 */
export const DEFAULT_DIALECTS: readonly Dialect[] = [FuncDialect, ArithDialect, MathDialect, TlDialect, ScfDialect, CfDialect, MemRefDialect, KrnlDialect, FlowDialect, GpuDialect, VectorDialect];
