// The public surface of @tlir/conversion-gpu-map-work-items: a kernel's parallel loops and work-group code dealt to
// its work-items (gpu.thread_id; docs/lowering-to-gpu.md).
export { mapWorkItems } from './map-work-items.js';
export { MapWorkItemsPass } from './map-work-items-pass.js';
