// Every WGSL module the file tests of the translation produce (targets/wgsl/test/translate/, tools/tl-translate/test/)
// compiles on a WebGPU adapter without an error, a warning or any other message, and fits its manifest (the runtime
// builds the pipeline from the manifest's bindings). Each file is translated here as its RUN line translates it:
// chunk by chunk with --split-input-file, with the features --wgsl-features names. A file that needs a feature the
// adapter lacks (no CPU adapter here has shader-f16) is compiled on Dawn's null backend instead: the same WGSL
// compiler and pipeline checks, with every feature, running nothing; the test says so in an annotation.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { translateToWgsl, type WgslFeatureName } from '@tlir/target-wgsl';
import { Context, formatDiagnostic, parseSourceString } from '@tlir/ir';
import { parsePassPipeline, PipelineSyntaxError } from '@tlir/pass';
import { createPassRegistry, DEFAULT_DIALECTS } from '@tlir/registry';
import { splitInput } from '@tlir/tl-opt';
import { useWebGpuDevice, useWgslValidator } from '../../../packages/runtime/test/support/webgpu-adapter.js';

const device = useWebGpuDevice();
const validator = useWgslValidator(['shader-f16']);

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIRECTORIES = ['targets/wgsl/test/translate', 'tools/tl-translate/test'];

interface Input {
  readonly file: string;
  readonly text: string;
  readonly features: WgslFeatureName[];
  readonly split: boolean;
}

/** The files whose RUN lines translate them successfully (not through `not`), with their options. */
function inputs(): Input[] {
  const found: Input[] = [];
  for (const dir of DIRECTORIES) {
    for (const name of readdirSync(ROOT + dir).sort()) {
      if (!/\.(mlir|tl)$/.test(name)) continue;
      const text = readFileSync(`${ROOT}${dir}/${name}`, 'utf8');
      const run = text.split('\n').find((l) => /^(\/\/|;) RUN: tl-translate --mlir-to-wgsl/.test(l));
      if (!run) continue;
      const features = /--wgsl-features=([\w,-]+)/.exec(run)?.[1]?.split(',') ?? [];
      found.push({ file: `${dir}/${name}`, text, features: features as WgslFeatureName[], split: run.includes('--split-input-file') });
    }
  }
  return found;
}

/** The WGSL and manifests of every kernel of `input`, chunk by chunk. */
function translate(input: Input): { wgsl: string; manifest: unknown; where: string }[] {
  const chunks = input.split ? splitInput(input.text, input.file.endsWith('.tl') ? '; -----' : '// -----').chunks : [{ text: input.text, line: 1, column: 1 }];
  return chunks.flatMap((chunk) => {
    const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
    const errors: string[] = [];
    ctx.diagnostics.addHandler((d) => errors.push(formatDiagnostic(d, ctx.sources)));
    const start = { line: chunk.line, column: chunk.column };
    const module = input.file.endsWith('.tl') ? parseTensorLanguage(ctx, chunk.text, input.file, start) : parseSourceString(ctx, chunk.text, input.file, start);
    if (!module) throw new Error(errors.join(''));
    if (input.file.endsWith('.tl')) {
      const pm = parsePassPipeline('builtin.module(lower-to-krnl,lower-to-gpu)', createPassRegistry());
      if (pm instanceof PipelineSyntaxError || !pm.run(module)) throw new Error(errors.join(''));
    }
    const kernels = translateToWgsl(module, { features: input.features });
    if (!kernels) throw new Error(`${input.file}:${chunk.line}: the translation failed:\n${errors.join('')}`);
    return kernels.map((k) => ({ wgsl: k.wgsl, manifest: k.manifest, where: `${input.file}:${chunk.line} @${k.name}` }));
  });
}

describe('the WGSL of the file tests compiles on WebGPU', () => {
  const all = inputs();
  it('finds the file tests', () => {
    expect(all.map((i) => i.file)).toContain('targets/wgsl/test/translate/arith.mlir');
    expect(all.length).toBeGreaterThanOrEqual(8);
  });
  for (const input of all) {
    it(input.file, async (ctx) => {
      let runtime = device(ctx);
      const missing = input.features.filter((f) => !runtime.device.features.has(f));
      if (missing.length > 0) {
        const adapter = runtime.report.summary;
        runtime = await validator(ctx);
        await ctx.annotate(`the adapter (${adapter}) lacks ${missing.join(', ')}: compiled and validated on Dawn's null backend, not run`);
      }
      for (const { wgsl, manifest, where } of translate(input)) {
        const kernel = await runtime.loadKernel({ wgsl, manifest, wgslFile: `${where}.wgsl` });
        expect(kernel.renderDiagnostics(), `${where}: messages of the WGSL compiler`).toBe('');
      }
    });
  }
});

describe("Dawn's null backend checks WGSL", () => {
  const f16 = inputs().find((i) => i.file === 'targets/wgsl/test/translate/f16.mlir')!;

  it('accepts the f16 kernels and rejects them without `enable f16;`', async (ctx) => {
    const runtime = await validator(ctx);
    const kernels = translate(f16);
    expect(kernels.length).toBeGreaterThan(0);
    for (const { wgsl, manifest, where } of kernels) {
      expect(wgsl).toContain('enable f16;');
      await expect(runtime.loadKernel({ wgsl, manifest, wgslFile: `${where}.wgsl` })).resolves.toBeDefined();
      await expect(runtime.loadKernel({ wgsl: wgsl.replace('enable f16;', ''), manifest, wgslFile: `${where}.wgsl` })).rejects.toThrow(
        "'f16' type used without 'f16' extension enabled",
      );
    }
  });

  it('rejects an f16 type error and a binding that does not fit the manifest', async (ctx) => {
    const runtime = await validator(ctx);
    const { wgsl, manifest, where } = translate(f16)[0]!;
    const mistyped = wgsl.replace(/(let v\d+ = v\d+ \* 0\.25)h;/, '$1f;');
    expect(mistyped).not.toBe(wgsl);
    await expect(runtime.loadKernel({ wgsl: mistyped, manifest, wgslFile: `${where}.wgsl` })).rejects.toThrow("no matching overload for 'operator * (f16, f32)'");
    // The kernel writes its first memref: a read-only binding for it does not fit.
    const readOnly = JSON.parse(JSON.stringify(manifest)) as { bindings: { kind: string }[] };
    readOnly.bindings.find((b) => b.kind === 'storage-read-write')!.kind = 'storage-read';
    await expect(runtime.loadKernel({ wgsl, manifest: readOnly, wgslFile: `${where}.wgsl` })).rejects.toThrow('the WGSL does not fit its manifest');
  });
});
