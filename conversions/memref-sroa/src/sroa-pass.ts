// sroa: small memref.alloca buffers accessed at constant indices split into one scalar buffer per element.
import { definePass, option } from '@tlir/pass';
import { DEFAULT_MAX_ELEMENTS, splitAllocas } from './sroa.js';

export const SroaPass = definePass({
  argument: 'sroa',
  name: 'SROA',
  summary: 'Scalar Replacement of Aggregates',
  description: `
Splits each memref.alloca of static shape with at most max-elements elements, whose every use is a memref.load or
memref.store of it at constant in-bounds indices, into one rank-0 memref.alloca per element used (MLIR's sroa on
memref buffers; the memory space is kept). See docs/lowering-to-gpu.md.
`,
  options: {
    'max-elements': option.uint('Split buffers of at most this many elements', DEFAULT_MAX_ELEMENTS),
  },
  statistics: { 'destructured-amount': 'Total amount of memory slots destructured' },
  run(op, pass) {
    const count = splitAllocas(op, pass.options['max-elements']);
    pass.statistics['destructured-amount'].value += count;
    if (!count) pass.markAllAnalysesPreserved();
  },
});
