// Atomic read-modify-writes in WGSL, whose atomics are 32-bit integers only (docs/wgsl.md, "Atomics"). A buffer the
// kernel updates atomically is declared as `array<atomic<u32>>` and every access to it is atomic. Integer updates
// that WGSL has (add, and, or, xor, unsigned max/min, exchange) on 32-bit elements are one builtin call; everything
// else (float updates, signed max/min, products, narrow integers, memref.generic_atomic_rmw's region) is a
// compare-exchange loop on the element's bits:
//
//   var old = atomicLoad(&buf[at]);
//   loop {
//     let current = bitcast<f32>(old);
//     let exchange = atomicCompareExchangeWeak(&buf[at], old, bitcast<u32>(current + value));
//     if (exchange.exchanged) { break; }
//     old = exchange.old_value;
//   }
import type { Operation } from '@tlir/ir';
import type { IndexExpression } from './index-expression.js';
import { fromI32, signedI32, unsignedOperand } from './integer-semantics.js';
import type { KernelTranslation } from './kernel-translation.js';
import { checkLoopEnded, loopExitFlag } from './loop-checks.js';
import { fromMemoryWord, toMemoryWord, type BufferInfo } from './memref-view.js';
import type { ScalarRepr } from './scalar-types.js';
import type { ScalarValue } from './translation-values.js';

/** The WGSL builtins for atomic_rmw kinds on 32-bit integer elements. */
const DIRECT_INTEGER: Readonly<Record<string, string>> = {
  addi: 'atomicAdd',
  andi: 'atomicAnd',
  ori: 'atomicOr',
  xori: 'atomicXor',
  maxu: 'atomicMax',
  minu: 'atomicMin',
  assign: 'atomicExchange',
};

/** `current <kind> value` with arith's semantics, as a WGSL expression of `repr`. */
function combine(kind: string, current: string, value: string, repr: ScalarRepr, op: Operation, t: KernelTranslation): string {
  const a: ScalarValue = { kind: 'scalar', expr: current, repr };
  const b: ScalarValue = { kind: 'scalar', expr: value, repr };
  const floatType = repr.wgsl as 'f32' | 'f16';
  switch (kind) {
    case 'assign':
      return value;
    case 'addf':
      return `${current} + ${value}`;
    case 'mulf':
      return `${current} * ${value}`;
    case 'maximumf':
    case 'minimumf':
    case 'maxnumf':
    case 'minnumf':
      return `${t.helpers.call(kind, floatType)}(${current}, ${value})`;
    case 'addi':
      return fromI32(`(${signedI32(a)} + ${signedI32(b)})`, repr);
    case 'muli':
      return fromI32(`(${signedI32(a)} * ${signedI32(b)})`, repr);
    case 'maxs':
      return fromI32(`max(${signedI32(a)}, ${signedI32(b)})`, repr);
    case 'mins':
      return fromI32(`min(${signedI32(a)}, ${signedI32(b)})`, repr);
    case 'maxu':
    case 'minu': {
      const [ua, ub] = [unsignedOperand(a), unsignedOperand(b)];
      return fromI32(`${kind === 'maxu' ? 'max' : 'min'}(${ua.expr}, ${ub.expr})`, repr, ua.type);
    }
    case 'andi':
      return `${current} & ${value}`;
    case 'ori':
      return `${current} | ${value}`;
    case 'xori':
      return repr.wgsl === 'bool' ? `${current} != ${value}` : `${current} ^ ${value}`;
    default:
      return t.fail(op, `the atomic_rmw kind '${kind}' has no WGSL translation`);
  }
}

/**
 * Updates element `at` (an atom) of `buffer` atomically and returns the WGSL name of the value it held before. With
 * `kind`, the new value is `current <kind> value`; without, `update` writes the ops computing it (inside the loop)
 * and returns it. `update` is given the name of the current value.
 */
export function combineAtomically(
  op: Operation,
  buffer: BufferInfo,
  at: IndexExpression,
  t: KernelTranslation,
  kind: string | undefined,
  update: (current: string) => { value: string; current: string },
): string {
  if (!buffer.atomic) t.fail(op, `the buffer '${buffer.name}' is updated atomically through a memref the translation could not trace to it`);
  const repr = buffer.element;
  const place = `&${buffer.name}[${at.toWgsl()}]`;
  const word = repr.memory;
  const old = t.names.fresh('old');
  const direct = kind !== undefined && repr.wgsl === 'i32' && repr.width === 32 ? DIRECT_INTEGER[kind] : kind === 'assign' ? 'atomicExchange' : undefined;
  if (direct) {
    const { value } = update('');
    t.line(`let ${old} = ${fromMemoryWord(`bitcast<${word}>(${direct}(${place}, bitcast<u32>(${toMemoryWord(value, repr)})))`, repr)};`, op.loc);
    return old;
  }
  const bits = t.names.fresh('old_bits');
  const exchange = t.names.fresh('exchange');
  t.line(`var ${bits} = atomicLoad(${place});`, op.loc);
  const done = loopExitFlag(t, op.loc);
  t.block('loop', op.loc, () => {
    const current = t.names.fresh('current');
    t.line(`let ${current} = ${fromMemoryWord(`bitcast<${word}>(${bits})`, repr)};`);
    const produced = update(current);
    const next = kind === undefined ? produced.value : combine(kind, current, produced.value, repr, op, t);
    t.line(`let ${exchange} = atomicCompareExchangeWeak(${place}, ${bits}, bitcast<u32>(${toMemoryWord(next, repr)}));`, op.loc);
    t.line(done ? `if (${exchange}.exchanged) { ${done} = true; break; }` : `if (${exchange}.exchanged) { break; }`);
    t.line(`${bits} = ${exchange}.old_value;`);
  });
  if (done) checkLoopEnded(t, op, `!${done}`, { what: 'atomic update loop', index: '0i', bound: '0i' });
  t.line(`let ${old} = ${fromMemoryWord(`bitcast<${word}>(${bits})`, repr)};`, op.loc);
  return old;
}
