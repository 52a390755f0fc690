// The limits of a work-group's size that every WebGPU adapter supports (the spec's defaults): what tl-to-krnl checks
// the work-group size of each kernel against, unless the options say the adapter has more. (Workgroup memory is
// checked by gpu-promote-workgroup-memory, once the buffers are known.)

/** maxComputeInvocationsPerWorkgroup. */
export const MAX_INVOCATIONS = 256;
/** maxComputeWorkgroupSizeX and maxComputeWorkgroupSizeY. */
export const MAX_WORK_GROUP_SIZE_X = 256;
export const MAX_WORK_GROUP_SIZE_Y = 256;
