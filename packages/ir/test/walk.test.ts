import { describe, expect, it } from 'vitest';
import { Context, Operation, parseSourceString, walk, type WalkResult } from '../src/index.js';

const TEXT = `
"test.a"() ({
  "test.b"() ({
    "test.c"() : () -> ()
  }, {
    "test.d"() : () -> ()
  ^bb1:
    "test.e"() : () -> ()
  }) : () -> ()
  "test.f"() ({
    "test.g"() : () -> ()
  }) : () -> ()
}) : () -> ()
"test.h"() : () -> ()
`;

function parse(): Operation {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const m = parseSourceString(ctx, TEXT, 'walk.mlir');
  expect(ctx.diagnostics.unhandled).toEqual([]);
  return m!;
}

const short = (op: Operation): string => op.name.replace('test.', '').replace('builtin.', '');

function visit(op: Operation, order: 'pre' | 'post', cb: (op: Operation) => WalkResult = () => undefined): { seen: string[]; result: string } {
  const seen: string[] = [];
  const result = op.walk((o) => {
    seen.push(short(o));
    return cb(o);
  }, order);
  return { seen, result };
}

describe('walk', () => {
  it('visits regions, blocks and ops in order, parents first (pre) or last (post)', () => {
    const m = parse();
    expect(visit(m, 'pre').seen).toEqual(['module', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(visit(m, 'post')).toEqual({ seen: ['c', 'd', 'e', 'b', 'g', 'f', 'a', 'h', 'module'], result: 'advance' });
    // The default order is post-order; the free function does the same.
    const seen: string[] = [];
    walk(m, (o) => void seen.push(short(o)));
    expect(seen).toEqual(visit(m, 'post').seen);
  });

  it("'skip' in pre-order leaves out the op's regions only", () => {
    const m = parse();
    expect(visit(m, 'pre', (o) => (short(o) === 'b' ? 'skip' : 'advance')).seen).toEqual(['module', 'a', 'b', 'f', 'g', 'h']);
    expect(visit(m, 'pre', (o) => (short(o) === 'module' ? 'skip' : undefined)).seen).toEqual(['module']);
  });

  it("'interrupt' stops the walk at once and is reported", () => {
    const m = parse();
    expect(visit(m, 'pre', (o) => (short(o) === 'd' ? 'interrupt' : undefined))).toEqual({
      seen: ['module', 'a', 'b', 'c', 'd'],
      result: 'interrupt',
    });
    expect(visit(m, 'post', (o) => (short(o) === 'b' ? 'interrupt' : undefined))).toEqual({
      seen: ['c', 'd', 'e', 'b'],
      result: 'interrupt',
    });
    expect(visit(m, 'post', (o) => (short(o) === 'module' ? 'interrupt' : undefined)).result).toBe('interrupt');
  });

  it('the current op may be erased in post-order', () => {
    const m = parse();
    const { seen } = visit(m, 'post', (o) => {
      if (short(o) !== 'module' && short(o) !== 'a') o.erase();
    });
    expect(seen).toEqual(['c', 'd', 'e', 'b', 'g', 'f', 'a', 'h', 'module']);
    expect(visit(m, 'pre').seen).toEqual(['module', 'a']);
    expect(m.regions[0]!.entryBlock.firstOp!.regions[0]!.entryBlock.empty).toBe(true);
  });

  it('the current op may be erased in pre-order; its regions are then not visited', () => {
    const m = parse();
    const erased: Operation[] = [];
    const { seen } = visit(m, 'pre', (o) => {
      if (short(o) === 'b' || short(o) === 'g' || short(o) === 'h') {
        erased.push(o);
        o.erase();
      }
    });
    expect(seen).toEqual(['module', 'a', 'b', 'f', 'g', 'h']);
    expect(erased.every((o) => o.isErased)).toBe(true);
    expect(visit(m, 'pre').seen).toEqual(['module', 'a', 'f']);
  });

  it('in post-order, ops before the current one in its block may be erased', () => {
    const m = parse();
    const { seen } = visit(m, 'post', (o) => {
      if (short(o) === 'f') o.prevOperation!.erase(); // erases b, visited already
    });
    expect(seen).toEqual(['c', 'd', 'e', 'b', 'g', 'f', 'a', 'h', 'module']);
    expect(visit(m, 'pre').seen).toEqual(['module', 'a', 'f', 'g', 'h']);
  });

  it('the next op is taken before the callback (as in the early-increment walk of MLIR)', () => {
    const m = parse();
    const ctx = m.context;
    const { seen } = visit(m, 'pre', (o) => {
      if (short(o) === 'b') {
        o.parentBlock!.insertBefore(Operation.create(ctx, { name: 'test.before_b' }), o);
        o.parentBlock!.insertBefore(Operation.create(ctx, { name: 'test.after_b' }), o.nextOperation);
      }
      if (short(o) === 'f') o.parentBlock!.append(Operation.create(ctx, { name: 'test.after_f' }));
      if (short(o) === 'g') o.parentOp!.parentBlock!.append(Operation.create(ctx, { name: 'test.after_f_later' }));
    });
    // Nothing inserted right after the current op is visited; after_f_later is appended after the next op
    // was taken (f's next was null), so it is not visited either.
    expect(seen).toEqual(['module', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(visit(m, 'pre').seen).toEqual(['module', 'a', 'before_b', 'b', 'c', 'd', 'e', 'after_b', 'f', 'g', 'after_f', 'after_f_later', 'h']);
  });
});
