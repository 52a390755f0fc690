// `%e = vector.extract %v[2] : f32 from vector<4xf32>`: one element of a vector (static or dynamic position).
import { AnyType, AnyVector, DYNAMIC, DenseI64ArrayAttr, DynamicIndexList, Index, Pure, Variadic, VectorType, defineOp, staticIndices } from '@tlir/ir';

export const ExtractOp = defineOp('vector.extract', {
  summary: 'extracts an element from a vector',
  description: `
Takes an element of a 1-D vector at a position, static (\`[2]\`) or dynamic (\`[%i]\`). MLIR's op also extracts
sub-vectors of n-D vectors; tlir's vectors are 1-D.

Example:

\`\`\`mlir
%e = vector.extract %v[2] : f32 from vector<4xf32>
\`\`\`
`,
  operands: { vector: AnyVector, dynamic_position: Variadic(Index) },
  properties: { static_position: DenseI64ArrayAttr },
  results: { result: AnyType },
  traits: [Pure],
  customDirectives: { DynamicIndexList },
  assemblyFormat: '$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($result) `from` type($vector)',
  verify(l) {
    const op = l.op;
    const vector = op.operandValues[0]!.type as VectorType;
    const position = staticIndices(op.getProperty('static_position'));
    const fail = (message: string): false => {
      op.emitOpError(message);
      return false;
    };
    if (position.length !== vector.shape.length) return fail('tlir extracts single elements: expected one position per dimension of the vector');
    if (position.filter((p) => p === DYNAMIC).length !== op.numOperands - 1) return fail('expected a dynamic position operand for each ? in the position');
    if (op.results[0]!.type !== vector.elementType) return fail('the result must be the element type of the vector');
    for (let d = 0; d < position.length; d++) {
      const p = position[d]!;
      if (p !== DYNAMIC && (p < 0 || p >= vector.shape[d]!)) return fail(`expected position attribute #${d + 1} to be a non-negative integer smaller than the corresponding vector dimension`);
    }
    return true;
  },
});
