// The tl-to-krnl pass (the lower-to-krnl pipeline adds canonicalize and cse, in @tlir/pipelines):
// `tl-opt kernel.tl --lower-to-krnl`, `tl-opt kernel.tl -p 'builtin.module(tl-to-krnl{tile-m=32 copy=false})'`.
import { ArithDialect } from '@tlir/dialect-arith';
import { FlowDialect } from '@tlir/dialect-flow';
import { FuncDialect } from '@tlir/dialect-func';
import { KrnlDialect } from '@tlir/dialect-krnl';
import { MemRefDialect } from '@tlir/dialect-memref';
import { ScfDialect } from '@tlir/dialect-scf';
import type { Operation } from '@tlir/ir';
import { definePass } from '@tlir/pass';
import { ConversionTarget, applyPartialConversion, type ConversionPatternLike } from '@tlir/rewrite';
import { COLLECTIVE_OPS, collectivePatterns, collectiveProblem } from './collective-patterns.js';
import { controlFlowPatterns } from './control-flow-patterns.js';
import { functionPattern } from './function-pattern.js';
import { memoryPatterns } from './memory-patterns.js';
import { TL_TO_KRNL_OPTIONS, optionsProblem, optionsProblemOf, workGroupSizeProblem, type TlToKrnlOptions } from './options.js';
import { chooseWorkGroupSize } from './work-group-size.js';
import { scalarPatterns } from './scalar-patterns.js';
import { tlToKrnlTypeConverter } from './type-conversion.js';
import { viewPatterns } from './view-patterns.js';
import { FuncOp as TlFuncOp } from '@tlir/dialect-tl';

/** The dialects the lowered IR uses. */
const TARGET_DIALECTS = [FuncDialect, ArithDialect, ScfDialect, MemRefDialect, KrnlDialect, FlowDialect];

/**
 * Lowers every tl op in `root` (docs/lowering-tl-to-krnl.md). Returns false after reporting what could not be
 * lowered (a bad option, an atomic update it cannot express, an op left over), with its location.
 */
export function lowerTlToKrnl(root: Operation, options: TlToKrnlOptions): boolean {
  const ctx = root.context;
  const problem = optionsProblem(options);
  if (problem) {
    // Reported at the first kernel the options would shape (a module without kernels has nothing to lower).
    let kernel: Operation | undefined;
    root.walk((op) => {
      if (!TlFuncOp.is(op)) return undefined;
      kernel = op;
      return 'interrupt';
    });
    if (!kernel) return true;
    // The options are at fault, not the kernel: no dump of its IR.
    kernel.emit('error', `tl-to-krnl: ${problem}`);
    return false;
  }
  for (const d of TARGET_DIALECTS) ctx.loadDialect(d);
  let ok = true;
  // The work-group size each kernel gets (the option, its attribute or the heuristic) must be one WebGPU launches.
  root.walk((op) => {
    if (!TlFuncOp.is(op)) return;
    const [x, y] = chooseWorkGroupSize(op, options);
    const p = workGroupSizeProblem(x, y, options['max-invocations']);
    if (p) {
      op.emit('error', `tl-to-krnl: the work-group size of this kernel: ${p}`);
      ok = false;
    }
  });
  root.walk((op) => {
    if (!(COLLECTIVE_OPS as readonly string[]).includes(op.name)) return;
    const p = collectiveProblem(op);
    if (p) {
      op.emitOpError(p);
      ok = false;
    }
  });
  if (!ok) return false;
  const typeConverter = tlToKrnlTypeConverter(ctx);
  const patterns: ConversionPatternLike[] = [
    functionPattern(typeConverter, options),
    ...scalarPatterns(),
    ...controlFlowPatterns(),
    ...memoryPatterns(typeConverter),
    ...viewPatterns(typeConverter),
    ...collectivePatterns(typeConverter, options),
  ];
  const target = new ConversionTarget().addIllegalDialect('tl');
  return applyPartialConversion(root, target, patterns);
}

export const TlToKrnlPass = definePass({
  argument: 'tl-to-krnl',
  summary: 'Lower the tensor language to krnl loop nests, scf, memref, arith and flow',
  description: `
Kernels become func.func (with their work-group size as \`work_group_size\`), replicated scalar instructions arith,
for and if scf.for and scf.if, views memref views with explicit strides, load and store krnl.load and krnl.store,
alloca memref.alloca, group_id and group_size flow.dispatch.workgroup.id and count, groups !flow.group, foreach a
krnl loop spread over the work-items, and every collective a tiled krnl loop nest. See docs/lowering-tl-to-krnl.md.
`,
  anchor: 'builtin.module',
  options: TL_TO_KRNL_OPTIONS,
  validate: optionsProblemOf,
  statistics: { 'num-kernels': 'Number of kernels lowered' },
  run(module, pass) {
    let kernels = 0;
    module.walk((op) => void (TlFuncOp.is(op) && kernels++));
    if (!lowerTlToKrnl(module, pass.options)) return pass.signalPassFailure();
    pass.statistics['num-kernels'].value += kernels;
  },
});

