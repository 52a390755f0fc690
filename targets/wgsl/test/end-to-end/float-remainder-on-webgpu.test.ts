// arith.rem on f32 (arith.remf) is C's fmod on every adapter, exactly: JavaScript's `%` on numbers is fmod too, and
// fmod of two f32 values is an f32, so it is the reference. WGSL's float `%` is `a - b * trunc(a / b)`, which
// llvmpipe computes as written (1e30 % 5.5 gave -7.6e22, 0 % inf NaN, -0 % 1 +0), while SwiftShader computes fmod:
// both run here. Subnormal operands are left out (adapters may flush them to zero).
import { describe, expect, it } from 'vitest';
import { ndarray, type RuntimeDevice } from '@tlir/runtime';
import { useWebGpuDevice } from '../../../../packages/runtime/test/support/webgpu-adapter.js';
import { translateTl } from '../support/end-to-end.js';

const REM = `func @rem(%x: memref<f32x?>, %y: memref<f32x?>, %out: memref<f32x?>) {
  %n = size %out[0] : memref<f32x?>
  foreach %i = 0, %n {
    %a = load %x[%i] : memref<f32x?>
    %b = load %y[%i] : memref<f32x?>
    %c = arith.rem %a, %b : f32
    store %c, %out[%i] : memref<f32x?>
  }
}
`;

const OPERANDS = [0, -0, 1, -1, 2.5, -2.5, 7, -7, 0.1, 5.5, 1e-30, 1e30, -1e30, 3.4e38, 1.2e-38, Infinity, -Infinity, NaN].map(Math.fround);

async function remainders(device: RuntimeDevice): Promise<{ x: Float32Array; y: Float32Array; got: Float32Array }> {
  const x = new Float32Array(OPERANDS.flatMap((a) => OPERANDS.map(() => a)));
  const y = new Float32Array(OPERANDS.flatMap(() => OPERANDS));
  const out = new Float32Array(x.length);
  const translated = translateTl({ source: REM, file: 'rem.tl', kernel: 'rem' });
  const compiled = await device.loadKernel({ wgsl: translated.wgsl, manifest: translated.manifest });
  const [xName, yName, outName] = translated.manifest.arguments.map((a) => a.name);
  await compiled.launch({ [xName!]: ndarray(x), [yName!]: ndarray(y), [outName!]: ndarray(out) }, { groups: 1 });
  return { x, y, got: out };
}

function mismatches({ x, y, got }: { x: Float32Array; y: Float32Array; got: Float32Array }): string[] {
  const wrong: string[] = [];
  got.forEach((g, e) => {
    const want = x[e]! % y[e]!;
    const show = (v: number): string => (Object.is(v, -0) ? '-0' : String(v));
    if (!Object.is(g, want) && !(Number.isNaN(g) && Number.isNaN(want))) wrong.push(`${show(x[e]!)} rem ${show(y[e]!)}: got ${show(g)}, fmod ${show(want)}`);
  });
  return wrong;
}

const llvmpipe = useWebGpuDevice({ recipes: ['opengles'] });
const swiftshader = useWebGpuDevice({ recipes: ['swiftshader'] });

describe('arith.rem on f32 is fmod on WebGPU', () => {
  it('on llvmpipe', async (ctx) => {
    expect(mismatches(await remainders(llvmpipe(ctx)))).toEqual([]);
  });

  it('on SwiftShader', async (ctx) => {
    expect(mismatches(await remainders(swiftshader(ctx)))).toEqual([]);
  });
});
