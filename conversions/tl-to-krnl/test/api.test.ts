// The TypeScript API of tl-to-krnl: the type converter, lowerTlToKrnl with options (and what it reports), the
// pass and the pipeline in a registry.
import { describe, expect, it } from 'vitest';
import { Context, IndexType, formatDiagnostic, type Operation } from '@tlir/ir';
import { defaultOptions, PassRegistry, parsePassPipeline } from '@tlir/pass';
import { registerTransformsPasses } from '@tlir/transforms';
import { DYNAMIC, TlGroupType, memref } from '@tlir/dialect-tl';
import { TL_TO_KRNL_OPTIONS, TlToKrnlPass, lowerTlToKrnl, tlToKrnlTypeConverter } from '@tlir/conversion-tl-to-krnl';
import { LowerToKrnlPipeline } from '@tlir/pipelines';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { LOWERING_DIALECTS } from './lowering-harness.js';

function parse(text: string): { ctx: Context; module: Operation; errors: string[] } {
  const ctx = new Context({ dialects: LOWERING_DIALECTS });
  const errors: string[] = [];
  ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
  const module = parseTensorLanguage(ctx, text, 'api.tl');
  if (!module) throw new Error(errors.join(''));
  return { ctx, module, errors };
}

const KERNEL = `func @k(%a: memref<f32x?>, %b: memref<f32x?>) {
  axpby.n 2.0, %a, 1.0, %b : f32, memref<f32x?>, f32, memref<f32x?>
}`;

describe('tl-to-krnl API', () => {
  it('converts tl types to builtin memrefs with dynamic offsets and flow groups', () => {
    const ctx = new Context({ dialects: LOWERING_DIALECTS });
    const tc = tlToKrnlTypeConverter(ctx);
    const index = IndexType.get(ctx);
    const m = memref(ctx, index, [5, DYNAMIC]);
    expect(String(tc.convertType(m))).toBe('memref<5x?xindex, strided<[1, 5], offset: ?>>');
    expect(String(tc.convertType(memref(ctx, index, [DYNAMIC, 3], [2, DYNAMIC])))).toBe('memref<?x3xindex, strided<[2, ?], offset: ?>>');
    expect(String(tc.convertType(TlGroupType.get(ctx, { memrefType: m, offset: DYNAMIC })))).toBe('!flow.group<memref<5x?xindex, strided<[1, 5], offset: ?>>, offset: ?>');
    expect(tc.convertType(index)).toBe(index);
  });

  it('lowers a module in place', () => {
    const { module } = parse(KERNEL);
    expect(lowerTlToKrnl(module, defaultOptions(TL_TO_KRNL_OPTIONS))).toBe(true);
    const names = new Set<string>();
    module.walk((op) => void names.add(op.name.split('.')[0]!));
    expect(names.has('tl')).toBe(false);
    expect([...names].sort()).toEqual(['arith', 'builtin', 'func', 'krnl', 'memref']);
  });

  it('reports options that do not fit together at the first kernel, and does nothing', () => {
    const { module, errors } = parse(KERNEL);
    expect(lowerTlToKrnl(module, { ...defaultOptions(TL_TO_KRNL_OPTIONS), 'tile-n': 6, 'register-n': 4 })).toBe(false);
    expect(errors.join('')).toContain("api.tl:1:6: error: tl-to-krnl: option 'tile-n': 6 is not a multiple of register-n (4): try 4 or 8");
    // The options are at fault, not the kernel: no dump of its IR.
    expect(errors.join('')).not.toContain('see current operation');
    let tl = 0;
    module.walk((op) => void (op.name.startsWith('tl.') && tl++));
    expect(tl).toBeGreaterThan(0);
  });

  it('registers tl-to-krnl and lower-to-krnl', () => {
    const registry = new PassRegistry();
    registerTransformsPasses(registry);
    registry.registerPass(TlToKrnlPass).registerPipeline(LowerToKrnlPipeline);
    const pm = parsePassPipeline('builtin.module(lower-to-krnl{tile-k=4 copy=false})', registry);
    expect('run' in pm).toBe(true);
    const { module } = parse(KERNEL);
    expect((pm as { run(op: Operation): boolean }).run(module)).toBe(true);
  });
});
