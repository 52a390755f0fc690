/**
 * Acquiring a device in Node with the `webgpu` package (Dawn), by the recipes measured in
 * docs/runtime.md: a real GPU (Vulkan) first, else SwiftShader through the Vulkan ICD that Debian's chromium
 * package ships (core features, subgroups, timestamps), else Mesa's llvmpipe through OpenGL ES
 * (compatibility feature level). The report says which one was used.
 */
import * as fs from 'node:fs';
import { Diagnostic, UnknownLoc } from '@tlir/ir';
import { acquireDeviceFrom } from '../browser-device.js';
import type { DeviceOptions, RuntimeDevice } from '../runtime-device.js';
import { GpuRuntimeError } from '../runtime-error.js';

export type NodeAdapterRecipe = 'gpu' | 'swiftshader' | 'opengles';

export const nodeAdapterRecipes: readonly NodeAdapterRecipe[] = ['gpu', 'swiftshader', 'opengles'];

/** Where Debian's chromium package puts SwiftShader's Vulkan driver manifest. */
export const DEFAULT_SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** What to install for each CPU recipe (Debian 12). */
export const INSTALL_HINT =
  'apt-get install chromium libvulkan1 (SwiftShader), or apt-get install libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri (llvmpipe)';

export interface NodeDeviceOptions extends DeviceOptions {
  /**
   * The recipes to try, in order. Default: the TLIR_WEBGPU_ADAPTER environment variable (a comma-separated list
   * of recipe names), else gpu, swiftshader, opengles.
   */
  readonly recipes?: readonly NodeAdapterRecipe[];
  /** SwiftShader's ICD manifest; default TLIR_SWIFTSHADER_ICD, else DEFAULT_SWIFTSHADER_ICD. */
  readonly swiftshaderIcd?: string;
}

type CreateGpu = (flags: string[]) => GPU;

/** Loads the `webgpu` package (its native Dawn module) once. */
let loadedCreate: Promise<CreateGpu | string> | undefined;
function loadWebGpu(): Promise<CreateGpu | string> {
  loadedCreate ??= import('webgpu').then(
    (module: { create: CreateGpu }) => module.create,
    (error: unknown) => `the 'webgpu' package could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
  );
  return loadedCreate;
}

/** The recipes named in TLIR_WEBGPU_ADAPTER, or an error message. */
function recipesFromEnvironment(value: string): readonly NodeAdapterRecipe[] | string {
  const names = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = names.filter((n) => !(nodeAdapterRecipes as readonly string[]).includes(n));
  if (bad.length > 0 || names.length === 0) return `TLIR_WEBGPU_ADAPTER=${value}: expected a comma-separated list of ${nodeAdapterRecipes.join(', ')}`;
  return names as NodeAdapterRecipe[];
}

const VULKAN_ICD_DIRECTORIES = ['/etc/vulkan/icd.d', '/usr/share/vulkan/icd.d', '/usr/local/share/vulkan/icd.d'];

/** Whether any Vulkan driver is installed (on Linux: an ICD manifest, or one named by the environment). */
function vulkanDriversPresent(): boolean {
  if (process.platform !== 'linux') return true;
  if (process.env['VK_ICD_FILENAMES'] || process.env['VK_DRIVER_FILES'] || process.env['VK_ADD_DRIVER_FILES']) return true;
  return VULKAN_ICD_DIRECTORIES.some((dir) => {
    try {
      return fs.readdirSync(dir).some((f) => f.endsWith('.json'));
    } catch {
      return false;
    }
  });
}

/** Sets environment variables while `work` runs (Dawn and the Vulkan loader read them when an instance is made). */
async function withEnvironment<T>(variables: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.keys(variables).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, variables);
  try {
    return await work();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** A device by one recipe, or why there is none. */
async function tryRecipe(recipe: NodeAdapterRecipe, create: CreateGpu, options: NodeDeviceOptions): Promise<RuntimeDevice | string> {
  // The GPU object lives in this holder only; release() empties it so Node can exit.
  const holder: { gpu?: GPU } = {};
  const onRelease = (): void => {
    delete holder.gpu;
  };
  const open = async (flags: string[], request: GPURequestAdapterOptions, backend: string, software?: boolean): Promise<RuntimeDevice | undefined> => {
    holder.gpu = create(flags);
    const device = await acquireDeviceFrom(holder.gpu, {
      ...options,
      requestAdapterOptions: request,
      recipe: recipe,
      backend,
      ...(software === undefined ? {} : { software }),
      onRelease,
    });
    if (!device) onRelease();
    return device;
  };
  switch (recipe) {
    case 'gpu': {
      if (!vulkanDriversPresent()) return 'no Vulkan driver is installed (no ICD manifest in /etc/vulkan/icd.d or /usr/share/vulkan/icd.d)';
      const flags = process.platform === 'linux' ? ['backend=vulkan'] : [];
      const device = await open(flags, { powerPreference: 'high-performance' }, process.platform === 'linux' ? 'vulkan' : 'default');
      if (!device) return 'Dawn found no usable GPU adapter';
      if (device.report.software) {
        const what = device.report.summary;
        device.release();
        return `the Vulkan adapter is a CPU one (${what}); the swiftshader and opengles recipes handle those`;
      }
      return device;
    }
    case 'swiftshader': {
      const icd = options.swiftshaderIcd ?? process.env['TLIR_SWIFTSHADER_ICD'] ?? DEFAULT_SWIFTSHADER_ICD;
      if (!fs.existsSync(icd)) return `${icd} does not exist (apt-get install chromium libvulkan1)`;
      const device = await withEnvironment({ VK_ICD_FILENAMES: icd }, () => open(['backend=vulkan'], {}, 'vulkan', true));
      return device ?? `Dawn found no adapter through ${icd} (is libvulkan1 installed?)`;
    }
    case 'opengles': {
      const device = await withEnvironment({ EGL_PLATFORM: 'surfaceless' }, () =>
        open(['backend=opengles'], { featureLevel: 'compatibility' }, 'opengles', fs.existsSync('/dev/dri') ? undefined : true),
      );
      return device ?? 'Dawn found no OpenGL ES adapter (apt-get install libegl1 libegl-mesa0 libgles2 libgl1-mesa-dri)';
    }
  }
}

/**
 * A device in Node by the first recipe that gives one. Throws a GpuRuntimeError of kind 'adapter' listing each
 * recipe tried and why it gave nothing, and what to install.
 */
export async function acquireNodeDevice(options: NodeDeviceOptions = {}): Promise<RuntimeDevice> {
  const none = (lines: string[]): never => {
    throw new GpuRuntimeError('adapter', [new Diagnostic('error', UnknownLoc.instance, `no WebGPU adapter:\n  ${lines.join('\n  ')}\n  install one: ${INSTALL_HINT}`)]);
  };
  let recipes = options.recipes;
  if (!recipes) {
    const fromEnvironment = process.env['TLIR_WEBGPU_ADAPTER'];
    const parsed = fromEnvironment ? recipesFromEnvironment(fromEnvironment) : nodeAdapterRecipes;
    if (typeof parsed === 'string') return none([parsed]);
    recipes = parsed;
  }
  const create = await loadWebGpu();
  if (typeof create === 'string') return none([create]);
  const reasons: string[] = [];
  for (const recipe of recipes) {
    let outcome: RuntimeDevice | string;
    try {
      outcome = await tryRecipe(recipe, create, options);
    } catch (error) {
      if (error instanceof GpuRuntimeError && error.kind === 'adapter' && options.requiredFeatures?.length) {
        outcome = error.diagnostics.map((d) => d.message).join('; ');
      } else {
        outcome = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      }
    }
    if (typeof outcome !== 'string') return outcome;
    reasons.push(`${recipe}: ${outcome}`);
  }
  return none(reasons);
}
