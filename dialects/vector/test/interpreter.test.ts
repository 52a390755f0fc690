// vector.load and vector.extract in the reference interpreter: consecutive elements of the minor dimension, bounds
// checked as memref.load is, and an alignment the load's first element does not have reported as an error (a wrong
// alignment is what would make the WGSL translation's vec4 read the wrong elements).
import { describe, expect, it } from 'vitest';
import { ArithDialect, registerArithInterpreter } from '@tlir/dialect-arith';
import { FuncDialect, registerFuncInterpreter } from '@tlir/dialect-func';
import { MemRefDialect, createMemref, registerMemRefInterpreter } from '@tlir/dialect-memref';
import { VectorDialect, registerVectorInterpreter } from '@tlir/dialect-vector';
import type { MemRefType } from '@tlir/ir';
import { interpreterHarness } from '../../../test/lib/interpreter-harness.js';

const harness = interpreterHarness({
  dialects: [FuncDialect, ArithDialect, MemRefDialect, VectorDialect],
  implementations: [registerFuncInterpreter, registerArithInterpreter, registerMemRefInterpreter, registerVectorInterpreter],
});

const program = (alignment: string, t = 'f32') => `
func.func @f(%A: memref<8x8x${t}>, %k: index, %m: index) -> (${t}, ${t}, ${t}, ${t}) {
  %v = vector.load %A[%k, %m] ${alignment} : memref<8x8x${t}>, vector<4x${t}>
  %c = arith.constant 3 : index
  %e0 = vector.extract %v[0] : ${t} from vector<4x${t}>
  %e1 = vector.extract %v[1] : ${t} from vector<4x${t}>
  %e2 = vector.extract %v[2] : ${t} from vector<4x${t}>
  %e3 = vector.extract %v[%c] : ${t} from vector<4x${t}>
  return %e0, %e1, %e2, %e3 : ${t}, ${t}, ${t}, ${t}
}
`;

function run(alignment: string, k: number, m: number, t = 'f32') {
  const p = harness.parse(program(alignment, t));
  const type = p.fn('f').regions[0]!.firstBlock!.args[0]!.type as MemRefType;
  // Row-major 8x8: element (i, j) is i * 8 + j, at index i * 8 + j of the buffer.
  return p.run('f', [createMemref(type, { data: Array.from({ length: 64 }, (_, i) => i) }), k, m]);
}

describe('vector.load', () => {
  it('reads consecutive elements of the last dimension', () => {
    expect(run('', 2, 3).results).toEqual([19, 20, 21, 22]);
  });
  it('checks each element against the bounds', () => {
    expect(run('', 2, 6).error).toMatch(/out of bounds/);
  });
  it('checks the alignment it promises', () => {
    expect(run('{alignment = 16 : i64}', 2, 4).results).toEqual([20, 21, 22, 23]);
    expect(run('{alignment = 16 : i64}', 2, 3).error).toMatch(/index 19 of its buffer, not a multiple of 4/);
    expect(run('{alignment = 8 : i64}', 2, 6).error).toMatch(/out of bounds/);
    // Bytes, as in MLIR: 16 bytes are 2 f64 elements, 16 i8 elements.
    expect(run('{alignment = 16 : i64}', 2, 2, 'f64').results).toEqual([18, 19, 20, 21]);
    expect(run('{alignment = 16 : i64}', 2, 1, 'f64').error).toMatch(/index 17 of its buffer, not a multiple of 2/);
    expect(run('{alignment = 16 : i64}', 2, 0, 'i8').results).toEqual([16, 17, 18, 19]);
    expect(run('{alignment = 16 : i64}', 2, 2, 'i8').error).toMatch(/index 18 of its buffer, not a multiple of 16/);
  });
});
