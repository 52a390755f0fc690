// The public surface of @tlir/conversion-gpu-outline-executables: flow executables to gpu.module kernels and their
// dispatches to gpu.launch_func (docs/lowering-to-gpu.md).
export { outlineExecutables } from './outline-executables.js';
export { OutlineExecutablesPass } from './outline-executables-pass.js';
