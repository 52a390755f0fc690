// Writes a module of generic ops carrying random affine maps and integer sets, for the differential test
// random-affine.mlir: expressions of dimensions, symbols and constants joined by +, -, *, floordiv, ceildiv and mod
// (multiplications and divisions kept affine: one side, or the divisor, symbolic or constant), nested with
// parentheses and negations, so that tl-opt's simplification to MLIR's canonical form is compared with
// mlir-opt's. `--seed N --ops N`.
import { numberOption, seededRandom } from './seeded-random.mjs';

const seed = numberOption('--seed', 1);
const ops = numberOption('--ops', 100);
const r = seededRandom(seed);
const pick = (xs) => xs[r.below(xs.length)];

/** A random expression over `dims` dimensions and `syms` symbols; `symbolic` keeps it free of dimensions. */
function expr(depth, dims, syms, symbolic) {
  const leaf = () => {
    const k = r.below(symbolic || dims === 0 ? 2 : 3);
    if (k === 0 || (k === 1 && syms === 0)) return String(r.below(9) - 4);
    if (k === 1) return `s${r.below(syms)}`;
    return `d${r.below(dims)}`;
  };
  if (depth === 0 || r.below(3) === 0) return leaf();
  const op = pick(['+', '+', '-', '*', 'floordiv', 'ceildiv', 'mod', 'neg', 'paren']);
  switch (op) {
    case 'neg':
      return `-(${expr(depth - 1, dims, syms, symbolic)})`;
    case 'paren':
      return `(${expr(depth - 1, dims, syms, symbolic)})`;
    case '*':
      return `(${expr(depth - 1, dims, syms, symbolic)}) * (${expr(depth - 1, dims, syms, true)})`;
    case 'floordiv':
    case 'ceildiv':
    case 'mod':
      // A positive constant divisor, or a symbol.
      return `(${expr(depth - 1, dims, syms, symbolic)}) ${op} ${syms && r.below(4) === 0 ? `s${r.below(syms)}` : String(r.below(7) + 1)}`;
    default:
      return `${expr(depth - 1, dims, syms, symbolic)} ${op} ${expr(depth - 1, dims, syms, symbolic)}`;
  }
}

const lines = [];
for (let i = 0; i < ops; i++) {
  const dims = r.below(4);
  const syms = r.below(3);
  const dimList = `(${Array.from({ length: dims }, (_, k) => `d${k}`).join(', ')})`;
  const symList = syms ? `[${Array.from({ length: syms }, (_, k) => `s${k}`).join(', ')}]` : '';
  const n = r.below(3) + 1;
  const results = Array.from({ length: n }, () => expr(3, dims, syms, false));
  const constraints = Array.from({ length: n }, () => `${expr(2, dims, syms, false)} ${pick(['>=', '<=', '=='])} ${expr(1, dims, syms, false)}`);
  lines.push(`"t.op${i}"() {m = affine_map<${dimList}${symList} -> (${results.join(', ')})>, s = affine_set<${dimList}${symList} : (${constraints.join(', ')})>} : () -> ()`);
}
process.stdout.write(lines.join('\n') + '\n');
