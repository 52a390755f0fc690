// Every op the WGSL translation knows, by definition: what can reach a gpu.func after --lower-to-gpu (arith, math,
// scf, memref, gpu, flow's group loads and work-group queries).
import type { OpDefinition } from '@tlir/ir';
import { ARITH_TRANSLATORS } from './arith-translation.js';
import { GPU_TRANSLATORS } from './gpu-translation.js';
import type { OpTranslator } from './kernel-translation.js';
import { MATH_TRANSLATORS } from './math-translation.js';
import { MEMREF_TRANSLATORS } from './memref-translation.js';
import { translatorTable } from './op-translator.js';
import { SCF_TRANSLATORS } from './scf-translation.js';
import { VECTOR_TRANSLATORS } from './vector-translation.js';

export const OP_TRANSLATORS: ReadonlyMap<OpDefinition, OpTranslator> = translatorTable(
  ARITH_TRANSLATORS,
  MATH_TRANSLATORS,
  SCF_TRANSLATORS,
  MEMREF_TRANSLATORS,
  GPU_TRANSLATORS,
  VECTOR_TRANSLATORS,
);

/** The names of the ops the translation knows, sorted (for documentation and tests). */
export function translatableOps(): string[] {
  return [...OP_TRANSLATORS.keys()].map((def) => def.name).sort();
}
