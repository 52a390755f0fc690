// The options of tl-to-krnl (and of the lower-to-krnl pipeline): tile sizes, register tiles, copies and the
// work-group size. `tl-opt k.tl --lower-to-krnl='tile-m=32 tile-k=4 copy=true'`.
import { option, type OptionValues } from '@tlir/pass';

export const TL_TO_KRNL_OPTIONS = {
  'tile-m': option.uint('Rows of the work-group tile of a collective (0: work-group size x times register-m; for vector outputs x * y * register-m)', 0),
  'tile-n': option.uint('Columns of the work-group tile of a collective with a matrix output (0: work-group size y times register-n)', 0),
  'tile-k': option.uint('Length of the K tile of a reduction (gemm, gemv, sum)', 8),
  'register-m': option.uint('Rows of the register tile of a work-item (tile-m must be a multiple of it)', 4),
  'register-n': option.uint('Columns of the register tile of a work-item (tile-n must be a multiple of it)', 4),
  'unroll-k': option.uint('Unroll factor of the K loop of a reduction with direct loads, when K is static: the largest power of two up to it that divides K and leaves at least 8 iterations (1: no unrolling)', 4),
  copy: option.bool('Stage the tiles of the inputs (and of C for ger, hadamard_product, axpby) in work-group buffers (krnl.copy_to_tile_buffer / copy_from_tile_buffer); else every work-item loads them itself', false),
  'work-group-size': option.list(
    option.uint('', 0),
    "The work-group size 'x,y' for every kernel (default: the function's work_group_size attribute, else the heuristic of docs/lowering-tl-to-krnl.md)",
  ),
} as const;

export type TlToKrnlOptions = Readonly<OptionValues<typeof TL_TO_KRNL_OPTIONS>>;

/** What is wrong with a set of option values, or undefined. */
export function optionsProblem(o: TlToKrnlOptions): string | undefined {
  for (const name of ['tile-k', 'register-m', 'register-n', 'unroll-k'] as const) {
    if (o[name] < 1) return `option '${name}' must be positive, got ${o[name]}`;
  }
  if (o['tile-m'] % o['register-m'] !== 0) return `option 'tile-m' (${o['tile-m']}) must be a multiple of 'register-m' (${o['register-m']})`;
  if (o['tile-n'] % o['register-n'] !== 0) return `option 'tile-n' (${o['tile-n']}) must be a multiple of 'register-n' (${o['register-n']})`;
  const wg = o['work-group-size'];
  if (wg.length !== 0 && (wg.length !== 2 || wg.some((v) => v < 1))) return `option 'work-group-size' must be two positive sizes 'x,y', got '${wg.join(',')}'`;
  return undefined;
}
