// The types of the krnl dialect: loop handles and strings (onnx-mlir's KrnlTypes).
import { defineType, typeConstraint } from '@tlir/ir';

/**
 * `!krnl.loop`: a handle on a loop of a loop nest. `krnl.define_loops` creates handles on the original loops,
 * `krnl.block` splits one into a tile loop and a loop within the tile, `krnl.permute`, `krnl.unroll` and
 * `krnl.parallel` schedule them, and `krnl.iterate` runs the nest. A handle is a name for a loop, not a value
 * computed at run time.
 */
export const LoopType = defineType('krnl.loop', {
  summary: 'krnl loop handle',
  description:
    'A handle on a loop of a krnl loop nest: made by `krnl.define_loops` (the original loops) and `krnl.block` (tile ' +
    'loops), scheduled by `krnl.permute`, `krnl.unroll` and `krnl.parallel`, run by `krnl.iterate`.',
});

/** `!krnl.string`: a string at run time (the operand of `krnl.strlen`, `krnl.strncmp`, `krnl.find_index`). */
export const StringType = defineType('krnl.string', {
  summary: 'string type',
  description: 'A string value at run time, as the string operations of the dialect use it. It may be the element type of a memref (`memref<?x!krnl.string>`).',
  memRefElement: true,
});

/**
 * The constraint of loop operands and results: a `!krnl.loop`. Unlike the type definition itself (whose
 * `type($x)` prints stripped of its name, as MLIR prints dialect types of a known class), formats print it in full
 * (`: !krnl.loop`), as onnx-mlir's formats do.
 */
export const LoopHandle = typeConstraint('krnl loop handle', (t) => LoopType.is(t));
