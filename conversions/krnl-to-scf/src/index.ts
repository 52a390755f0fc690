// The public surface of @tlir/conversion-krnl-to-scf: convert-krnl-to-scf, the lowering of krnl schedules, tile
// copies and matmul to scf loops (docs/lowering-krnl-to-scf.md).
export { ConvertKrnlToScfPass, convertKrnlToScf } from './convert-krnl-to-scf.js';
