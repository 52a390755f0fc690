// The Node part of @tlir/runtime (`@tlir/runtime/node`): devices from the `webgpu` package and .npy files on disk.
export {
  acquireNodeDevice,
  DEFAULT_SWIFTSHADER_ICD,
  INSTALL_HINT,
  nodeAdapterRecipes,
  type NodeAdapterRecipe,
  type NodeDeviceOptions,
} from './node-device.js';
export { readNpyFile, writeNpyFile } from './npy-files.js';
