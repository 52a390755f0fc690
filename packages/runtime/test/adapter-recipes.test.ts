// Each CPU recipe of the Node runtime gives a device that runs a kernel, and reports itself: SwiftShader
// (Vulkan, core, timestamps) and llvmpipe (OpenGL ES, compatibility, wall-clock timing). CI installs both.
import { describe, expect, it } from 'vitest';
import { ndarray } from '@tlir/runtime';
import type { NodeAdapterRecipe } from '@tlir/runtime/node';
import { kernelSource } from './support/kernel-files.js';
import { useWebGpuDevice } from './support/webgpu-adapter.js';

const expectations: Record<Exclude<NodeAdapterRecipe, 'gpu'>, { backend: string; featureLevel: string; timing: string }> = {
  swiftshader: { backend: 'vulkan', featureLevel: 'core', timing: 'timestamp-query' },
  opengles: { backend: 'opengles', featureLevel: 'compatibility', timing: 'wall-clock' },
};

for (const [recipe, expected] of Object.entries(expectations)) {
  describe(`the ${recipe} recipe`, () => {
    const device = useWebGpuDevice({ recipes: [recipe as NodeAdapterRecipe] });

    it('runs axpy and reports the adapter', async (ctx) => {
      const gpu = device(ctx);
      expect(gpu.report).toMatchObject({ recipe, backend: expected.backend, featureLevel: expected.featureLevel, software: true });
      const kernel = await gpu.loadKernel(kernelSource('axpy'));
      expect(kernel.diagnostics).toEqual([]);
      const y = ndarray(new Float32Array([1, 2, 3]));
      const result = await kernel.launch({ alpha: 3, x: ndarray(new Float32Array([1, 1, 2])), y }, { groups: 1 });
      expect([...y.data]).toEqual([4, 5, 9]);
      expect(result.timing.method).toBe(expected.timing);
    });
  });
}
