// navigator.gpu for the peer libraries in Node, on the adapter the runtime picked for tlir (the same recipe as
// @tlir/runtime/node's acquireNodeDevice, docs/runtime.md "Adapters"): the `webgpu` package's create() and its
// globals, and a navigator.userAgent. Both jax-js and TensorFlow.js call navigator.gpu.requestAdapter()
// themselves; the wrapper below adds what the recipe needs (featureLevel 'compatibility' for llvmpipe through
// OpenGL ES) and records the adapter each library got, so the results say it.

const DEFAULT_SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** Installs navigator.gpu for `recipe` ('gpu', 'swiftshader' or 'opengles'); returns the adapters seen. */
export async function installNavigatorGpu(recipe) {
  const flags = [];
  const extra = {};
  switch (recipe) {
    case 'gpu':
      if (process.platform === 'linux') flags.push('backend=vulkan');
      extra.powerPreference = 'high-performance';
      break;
    case 'swiftshader':
      // Read by the Vulkan loader when Dawn makes its instance (set before the first requestAdapter).
      process.env.VK_ICD_FILENAMES = process.env.TLIR_SWIFTSHADER_ICD ?? DEFAULT_SWIFTSHADER_ICD;
      flags.push('backend=vulkan');
      break;
    case 'opengles':
      process.env.EGL_PLATFORM = 'surfaceless';
      flags.push('backend=opengles');
      extra.featureLevel = 'compatibility';
      break;
    default:
      throw new Error(`unknown adapter recipe '${recipe}'`);
  }
  const { create, globals } = await import('webgpu');
  Object.assign(globalThis, globals);
  const gpu = create(flags);
  const adapters = [];
  const requestAdapter = gpu.requestAdapter.bind(gpu);
  gpu.requestAdapter = async (options = {}) => {
    const adapter = await requestAdapter({ ...options, ...extra });
    if (adapter) {
      const info = adapter.info ?? {};
      adapters.push([info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' / '));
    }
    return adapter;
  };
  Object.defineProperty(globalThis, 'navigator', { value: { gpu, userAgent: `Node.js ${process.version}` }, configurable: true, writable: true });
  return adapters;
}
