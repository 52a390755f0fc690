/**
 * The WebGPU flag values the runtime uses. They are fixed by the WebGPU specification; Node's `webgpu` package
 * does not put GPUBufferUsage and friends on the global object, so the runtime does not read them from there.
 */
export const BufferUsage = {
  MAP_READ: 0x0001,
  COPY_SRC: 0x0004,
  COPY_DST: 0x0008,
  UNIFORM: 0x0040,
  STORAGE: 0x0080,
  QUERY_RESOLVE: 0x0200,
} as const;

export const MapMode = { READ: 0x0001 } as const;

export const ShaderStage = { COMPUTE: 0x4 } as const;
