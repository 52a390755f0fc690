import { defineDialect } from '@tlir/ir';
import * as operations from './operations.js';

/** The vector dialect, as MLIR 22 writes it: the loads of tl-to-krnl's vector width (vector.load, vector.extract). */
export const VectorDialect = defineDialect({
  name: 'vector',
  summary: 'Vector loads',
  description: `
MLIR's vector dialect holds the ops on SIMD vectors; tlir has the two that vector loads need: \`vector.load\`
(consecutive elements of a memref's unit-stride minor dimension) and \`vector.extract\` (one element). tl-to-krnl
emits them for a schedule's \`vector-width\`; the WGSL translation makes \`vec2\`/\`vec4\` loads of them.
`,
  operations: Object.values(operations),
});
