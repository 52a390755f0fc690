#!/usr/bin/env node
// A small .npy helper for tl-run's file tests, written independently of tlir (its own reader and writer of
// numpy's format 1.0), so that the tests compare tl-run's results with a computation that shares no code with it.
//
//   node npy.mjs make FILE --dtype float32 --shape 4x3 [--order C|F] --value EXPR
//       writes an array whose element (i, j, ...) is EXPR, a JavaScript expression of the indices i0, i1, ... (also
//       named i, j, k, l)
//   node npy.mjs print FILE
//       prints the dtype, shape and order, then every element as `(i, j): value`, the last index fastest
//   node npy.mjs expect FILE --value EXPR [--load NAME=FILE]... [--tol T]
//       checks that every element of FILE is EXPR (within T relative to max(1, |EXPR|); default 0); EXPR may call
//       the loaded arrays as functions of their indices, A(i, k), and sum(k0, k1, k => ...), the sum over k0 <= k <
//       k1 in float64; prints `ok: N elements` or the first mismatches (exit 1)
import { readFileSync, writeFileSync } from 'node:fs';

const DTYPES = {
  float32: { descr: '<f4', bytes: 4, array: Float32Array },
  float64: { descr: '<f8', bytes: 8, array: Float64Array },
  int8: { descr: '|i1', bytes: 1, array: Int8Array },
  int16: { descr: '<i2', bytes: 2, array: Int16Array },
  int32: { descr: '<i4', bytes: 4, array: Int32Array },
  int64: { descr: '<i8', bytes: 8, array: BigInt64Array },
  uint8: { descr: '|u1', bytes: 1, array: Uint8Array },
  bool: { descr: '|b1', bytes: 1, array: Uint8Array },
};

function fail(message) {
  process.stderr.write(`npy.mjs: ${message}\n`);
  process.exit(2);
}

function read(file) {
  const bytes = readFileSync(file);
  if (bytes.toString('latin1', 0, 6) !== '\x93NUMPY') fail(`${file}: not a .npy file`);
  const major = bytes[6];
  const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = bytes.toString('latin1', start, start + headerLength);
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  const fortran = /'fortran_order':\s*True/.test(header);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)[1];
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  const entry = Object.entries(DTYPES).find(([, d]) => d.descr === descr);
  if (!entry) fail(`${file}: unsupported descr ${descr}`);
  const [dtype, info] = entry;
  const count = shape.reduce((a, b) => a * b, 1);
  const offset = start + headerLength;
  const data = new info.array(bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + count * info.bytes));
  return { dtype, shape, fortran, data };
}

function write(file, { dtype, shape, fortran, data }) {
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${DTYPES[dtype].descr}', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': ${shapeText}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  writeFileSync(file, Buffer.concat([head, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

/** The position of index idx in an array's data. */
function position(a, idx) {
  let at = 0;
  let stride = 1;
  const ks = a.fortran ? idx.map((_, k) => k) : idx.map((_, k) => idx.length - 1 - k);
  for (const k of ks) {
    if (!(idx[k] >= 0 && idx[k] < a.shape[k])) throw new Error(`index (${idx.join(', ')}) is outside shape ${a.shape.join('x')}`);
    at += idx[k] * stride;
    stride *= a.shape[k];
  }
  return at;
}

/** Every index of a shape, the last index fastest. */
function* indices(shape) {
  if (shape.some((s) => s === 0)) return;
  const idx = shape.map(() => 0);
  for (;;) {
    yield [...idx];
    let k = shape.length - 1;
    for (; k >= 0; k--) {
      if (++idx[k] < shape[k]) break;
      idx[k] = 0;
    }
    if (k < 0) return;
  }
}

function options(args) {
  const o = { load: [] };
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i].replace(/^--/, '');
    if (flag === 'load') o.load.push(args[i + 1]);
    else o[flag] = args[i + 1];
  }
  return o;
}

/** EXPR as a function of an index, with the loaded arrays and sum() in scope. */
function compile(expr, arrays) {
  const names = Object.keys(arrays);
  const accessors = names.map((n) => (...idx) => {
    const a = arrays[n];
    const v = a.data[position(a, idx)];
    return typeof v === 'bigint' ? Number(v) : v;
  });
  const sum = (k0, k1, f) => {
    let s = 0;
    for (let k = k0; k < k1; k++) s += f(k);
    return s;
  };
  const body = `return (idx) => { const [i0, i1, i2, i3] = idx; const [i, j, k, l] = idx; return (${expr}); };`;
  return new Function(...names, 'sum', body)(...accessors, sum);
}

const [command, file, ...rest] = process.argv.slice(2);
if (command === 'make') {
  const o = options(rest);
  const info = DTYPES[o.dtype];
  if (!info) fail(`unknown dtype ${o.dtype}`);
  const shape = o.shape === '' || o.shape === undefined ? [] : o.shape.split('x').map(Number);
  const a = { dtype: o.dtype, shape, fortran: o.order === 'F', data: new info.array(shape.reduce((x, y) => x * y, 1)) };
  const f = compile(o.value, {});
  for (const idx of indices(shape)) {
    const v = f(idx);
    a.data[position(a, idx)] = info.array === BigInt64Array ? BigInt(v) : o.dtype === 'bool' ? (v ? 1 : 0) : v;
  }
  write(file, a);
} else if (command === 'print') {
  const a = read(file);
  let text = `${a.dtype} ${a.shape.join('x') || 'scalar'} ${a.fortran ? 'F' : 'C'}\n`;
  for (const idx of indices(a.shape)) text += `(${idx.join(', ')}): ${String(a.data[position(a, idx)])}\n`;
  process.stdout.write(text);
} else if (command === 'expect') {
  const o = options(rest);
  const a = read(file);
  const arrays = Object.fromEntries(o.load.map((spec) => spec.split('=')).map(([n, f]) => [n, read(f)]));
  const f = compile(o.value, arrays);
  const tol = Number(o.tol ?? 0);
  const bad = [];
  let n = 0;
  for (const idx of indices(a.shape)) {
    n++;
    const want = f(idx);
    const got = Number(a.data[position(a, idx)]);
    const ok = Number.isNaN(want) ? Number.isNaN(got) : Math.abs(got - want) <= tol * Math.max(1, Math.abs(want));
    if (!ok && bad.length < 5) bad.push(`(${idx.join(', ')}): got ${got}, expected ${want}`);
  }
  if (bad.length) {
    process.stdout.write(`mismatch in ${file}:\n${bad.join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write(`ok: ${n} elements\n`);
} else fail('usage: npy.mjs make|print|expect FILE ...');
