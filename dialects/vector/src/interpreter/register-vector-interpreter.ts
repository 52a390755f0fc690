// The reference interpreter's vector.load and vector.extract: each element read through the view (bounds-checked as
// memref.load is: an element past the minor dimension's end is an error, not padding).
import { DYNAMIC, IntegerAttr, staticIndices, VectorType } from '@tlir/ir';
import { fault, type InterpreterRegistry, type MemrefView } from '@tlir/interpreter';
import { ExtractOp } from '../extract-op.js';
import { LoadOp } from '../load-op.js';
import { VectorValue, isVectorValue } from './vector-value.js';
import { alignedElements } from '../element-bytes.js';

export function registerVectorInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registry.registerImpl(LoadOp, (op, [m, ...indices]) => {
    const view = m as MemrefView;
    const length = (op.result.type as VectorType).shape[0]!;
    const at = [...(indices as number[])];
    const last = at.length - 1;
    // An alignment (bytes) is a promise about the first element's address: a memory starts aligned, so the
    // element's place in it must be a multiple of alignment / the element's bytes.
    const alignment = op.op.getProperty('alignment');
    if (alignment instanceof IntegerAttr) {
      const words = alignedElements(Number(alignment.value), view.elementType);
      const place = at.reduce((p, x, k) => p + x * view.strides[k]!, view.offset);
      if (place % words !== 0) fault(`vector.load: the element at [${at.join(', ')}] is at index ${place} of its buffer, not a multiple of ${words}, so not aligned to the ${alignment.value} bytes the load promises`);
    }
    const elements: (number | bigint)[] = [];
    for (let l = 0; l < length; l++) {
      const idx = [...at];
      idx[last] = at[last]! + l;
      elements.push(view.load(idx));
    }
    return [new VectorValue(elements)];
  });
  registry.registerImpl(ExtractOp, (op, [v, ...dynamic]) => {
    if (!isVectorValue(v)) fault('vector.extract of a value that is not a vector');
    const first = staticIndices(op.op.getProperty('static_position'))[0]!;
    const p = first === DYNAMIC ? (dynamic[0] as number) : first;
    if (p < 0 || p >= v.elements.length) fault(`vector.extract: position ${p} is out of bounds for a vector of ${v.elements.length} elements`);
    return [v.elements[p]!];
  });
  return registry;
}
