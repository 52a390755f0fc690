// `!gpu.mma_matrix<16x16xf16, "AOp">`: a matrix held collectively by the work-items of a subgroup.
import { AnyOf, ArrayParameter, F16, F32, F64, IntParameter, IntegerType, StringParameter, TypeParameter, defineType, typeConstraint, type Type, type TypeConstraint, type TypeClass } from '@tlir/ir';

/** The operands of an MMA operation a matrix may be (`C += A * B`). */
export const MMA_OPERANDS = ['AOp', 'BOp', 'COp'] as const;

/** Whether `t` may be the element type of an MMA matrix: si8, ui8, i32, f16, f32 or f64 (MLIR 22). */
export function isMMAElementType(t: Type): boolean {
  if (t instanceof IntegerType) return (t.width === 8 && t.signedness !== 'signless') || (t.width === 32 && t.signedness === 'signless');
  return F16.check(t) || F32.check(t) || F64.check(t);
}

/**
 * A 2-D matrix with static sizes, of si8, ui8, i32, f16, f32 or f64 elements, that the work-items of a subgroup hold
 * together (its layout over the work-items is opaque), marked with the operand of an MMA it is for (`AOp`, `BOp`,
 * `COp`).
 */
export const MMAMatrixType = defineType('gpu.mma_matrix', {
  summary: 'MMAMatrix type',
  description: `
\`!gpu.mma_matrix<MxNxT, "AOp" | "BOp" | "COp">\`: an M x N matrix of T (si8, ui8, i32, f16, f32 or f64) held
collectively by the work-items of a subgroup, for the subgroup MMA ops. Its distribution over the work-items is
opaque; the operand says which operand of \`gpu.subgroup_mma_compute\` (\`C += A * B\`) it is.

\`\`\`mlir
%a = gpu.subgroup_mma_load_matrix %m[%i, %j] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
\`\`\`
`,
  parameters: { shape: ArrayParameter(IntParameter), elementType: TypeParameter, operand: StringParameter },
  // MLIR's hand-written parser checks the type at its mnemonic (getNameLoc), not at the '<' where generated
  // parsers do: verified here, where that location is known.
  parse(p) {
    const nameLoc = p.getNameLoc();
    p.parseLess();
    const shape = p.parseDimensionList(false);
    const elementType = p.parseType();
    p.parseComma();
    const operand = p.parseOptionalString() ?? p.emitError('expected a string naming the operand: "AOp", "BOp" or "COp"');
    p.parseGreater();
    const problem = verifyMMAMatrix(shape, elementType, operand);
    if (problem !== undefined) p.emitError(problem, nameLoc);
    return { shape, elementType, operand };
  },
  print(v, w) {
    w.write(`<${v.shape.join('x')}x`);
    w.printType(v.elementType);
    w.write(`, "${v.operand}">`);
  },
  verify: (v) => verifyMMAMatrix(v.shape, v.elementType, v.operand),
});

/** What is wrong with an MMA matrix type of these parameters, in MLIR's words (in its order), if anything. */
function verifyMMAMatrix(shape: readonly number[], elementType: Type, operand: string): string | undefined {
  if (!(MMA_OPERANDS as readonly string[]).includes(operand)) return 'operand expected to be one of AOp, BOp or COp';
  if (shape.length !== 2) return 'MMAMatrixType must have exactly two dimensions';
  if (!isMMAElementType(elementType)) return 'MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64';
  return undefined;
}
export type MMAMatrixType = ReturnType<typeof MMAMatrixType.get>;

/** An MMA matrix whose element type satisfies one of `elements` (ODS's MMAMatrixOf). */
export function MMAMatrixOf(elements: readonly (TypeConstraint | TypeClass)[]): TypeConstraint<MMAMatrixType> {
  const element = AnyOf(elements);
  return typeConstraint<MMAMatrixType>(
    `gpu.mma_matrix of ${element.summary} values`,
    (t): t is MMAMatrixType => MMAMatrixType.is(t) && element.check(t.elementType),
    undefined,
    { name: 'gpu.mma_matrix', check: (t) => MMAMatrixType.is(t) },
  );
}
