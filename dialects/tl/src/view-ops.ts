import {
  DenseArrayAttr,
  DenseI64ArrayAttr,
  I64Attr,
  Index,
  IntegerType,
  Variadic,
  defineOp,
  type Attribute,
  type Context,
  type CustomDirective,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tlir/ir';
import { VALUE, expandResult, fuseResult, subviewResult, type Layout } from './shape-rules.js';
import { DYNAMIC, TlMemrefType, staticNumber } from './types.js';

/**
 * The view instructions (spec: Subview, Expand, Fuse): replicated, they never copy. Their static lists hold a
 * number per entry, DYNAMIC (-1) for `?` and VALUE (-2) where the next value operand goes; the result type is the
 * one the spec's rules give (shape-rules.ts), which the verifiers check.
 */

const quoted = (t: Type): string => `'${t}'`;

/** The integers of an `array<i64: ...>` property. */
export function staticList(attr: Attribute | undefined): number[] {
  return attr instanceof DenseArrayAttr ? [...attr.values].map(Number) : [];
}

export function staticListAttr(ctx: Context, values: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(ctx, IntegerType.get(ctx, 64), values);
}

/** A value operand or an integer; `?` too where `question` is given (it stands for DYNAMIC). */
function parseEntry(p: OpAsmParser, operands: UnresolvedOperand[], question: boolean): number {
  const o = p.parseOptionalOperand();
  if (o) {
    operands.push(o);
    return VALUE;
  }
  if (question && p.parseOptionalQuestion()) return DYNAMIC;
  const loc = p.getCurrentLocation();
  const v = p.parseOptionalInteger();
  if (v === undefined) return p.emitError(question ? "expected SSA value, integer or '?'" : 'expected SSA value or integer');
  return staticNumber(p, v, loc);
}

/** Prints an entry: the next value for VALUE, `?` for DYNAMIC, else the number. */
function printEntry(p: OpAsmPrinter, n: number, values: readonly Value[], next: { i: number }): void {
  if (n === VALUE) {
    const v = values[next.i++];
    if (v) p.printOperand(v);
    else p.write('<<missing operand>>');
  } else p.write(n === DYNAMIC ? '?' : String(n));
}

/**
 * `custom<SliceList>($offsets, $sizes, $static_offsets, $static_sizes)`: `[5:?, %i, %j:%n, 0:4]`, the tensor
 * language's index-or-slice list (a single index has size 0 in `static_sizes`: its mode is removed).
 */
const SliceList: CustomDirective = {
  parse(p, args) {
    const offsetOperands: UnresolvedOperand[] = [];
    const sizeOperands: UnresolvedOperand[] = [];
    const offsets: number[] = [];
    const sizes: number[] = [];
    p.parseLSquare();
    if (!p.parseOptionalRSquare()) {
      do {
        offsets.push(parseEntry(p, offsetOperands, false));
        sizes.push(p.parseOptionalColon() ? parseEntry(p, sizeOperands, true) : 0);
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    args[0] = offsetOperands;
    args[1] = sizeOperands;
    args[2] = staticListAttr(p.context, offsets);
    args[3] = staticListAttr(p.context, sizes);
    return true;
  },
  print(p, _op, [offsetValues, sizeValues, offsetsAttr, sizesAttr]) {
    const offsets = staticList(offsetsAttr as Attribute | undefined);
    const sizes = staticList(sizesAttr as Attribute | undefined);
    const o = { i: 0 };
    const s = { i: 0 };
    p.write('[');
    offsets.forEach((off, k) => {
      if (k) p.write(', ');
      printEntry(p, off, offsetValues as Value[], o);
      const size = sizes[k] ?? 0;
      if (size === 0) return;
      p.write(':');
      printEntry(p, size, sizeValues as Value[], s);
    });
    p.write(']');
  },
};

/** `custom<ExpandShape>($shape, $static_shape)`: `2, ?, %n`, the expand shape (the tensor language's `2x?x%n`). */
const ExpandShape: CustomDirective = {
  parse(p, args) {
    const operands: UnresolvedOperand[] = [];
    const shape: number[] = [];
    do shape.push(parseEntry(p, operands, true));
    while (p.parseOptionalComma());
    args[0] = operands;
    args[1] = staticListAttr(p.context, shape);
    return true;
  },
  print(p, _op, [values, shapeAttr]) {
    const next = { i: 0 };
    staticList(shapeAttr as Attribute | undefined).forEach((n, k) => {
      if (k) p.write(', ');
      printEntry(p, n, values as Value[], next);
    });
  },
};

/** Checks that each VALUE of a static list has its operand, and that the result type is the one the rules give. */
function verifyView(op: Operation, counts: readonly [string, number[], number][], layout: () => Layout | string): boolean {
  for (const [name, list, operands] of counts) {
    const values = list.filter((n) => n === VALUE).length;
    if (values !== operands) {
      op.emitOpError(`expected as many '${name}' operands as value entries (-2) in 'static_${name}' (${operands} vs ${values})`);
      return false;
    }
  }
  const r = layout();
  if (typeof r === 'string') {
    op.emitOpError(r);
    return false;
  }
  const source = op.getOperand(0).type as TlMemrefType;
  const expected = TlMemrefType.get(op.context, { elementType: source.elementType, ...r });
  const got = op.getResult(0).type;
  if (got !== expected) {
    op.emitOpError(`result type ${quoted(got)} does not match the type of the view, ${quoted(expected)}`);
    return false;
  }
  return true;
}

/**
 * `%v = tl.subview %m[4:8, %i, %j:?] : !tl.memref<f32x32x16x8> -> !tl.memref<...>`: per mode a static offset (or
 * VALUE: the next of `offsets`) and a size (positive, DYNAMIC for `?`, VALUE: the next of `sizes`, 0: a single
 * index, the mode is removed).
 */
export const SubviewOp = defineOp('tl.subview', {
  summary: 'A view on a part of a memref',
  description: `
Replicated instruction (spec: Subview). Each mode takes a single index (the mode is removed) or a slice
\`offset:size\` in offset-plus-size notation; \`?\` is the mode size minus the offset, \`:\` is \`0:?\`. The strides
are unchanged. The result type must be the one these rules give.
`,
  properties: { static_offsets: DenseI64ArrayAttr, static_sizes: DenseI64ArrayAttr },
  operands: { operand: TlMemrefType, offsets: Variadic(Index), sizes: Variadic(Index) },
  results: { result: TlMemrefType },
  assemblyFormat: '$operand `` custom<SliceList>($offsets, $sizes, $static_offsets, $static_sizes) attr-dict `:` qualified(type($operand)) `->` qualified(type($result))',
  customDirectives: { SliceList },
  verify(v) {
    const offsets = staticList(v.static_offsets);
    const sizes = staticList(v.static_sizes);
    if (offsets.length !== sizes.length) {
      v.op.emitOpError(`expected 'static_offsets' and 'static_sizes' of one length (${offsets.length} vs ${sizes.length})`);
      return false;
    }
    const t = v.operand.type as TlMemrefType;
    return verifyView(
      v.op,
      [
        ['offsets', offsets, v.offsets.length],
        ['sizes', sizes, v.sizes.length],
      ],
      () => subviewResult(t.shape, t.strides, offsets.map((offset, k) => ({ offset, size: sizes[k]! }))),
    );
  },
});

/** `%v = tl.expand %m[1 -> 2, ?] : !tl.memref<f32x32x16> -> !tl.memref<f32x32x2x8>`. */
export const ExpandOp = defineOp('tl.expand', {
  summary: 'A view with one mode seen as several',
  description: `
Replicated instruction (spec: Expand). Mode \`mode\` is seen as the expand shape: at most one \`?\`, inferred when
the mode size is known; values are dynamic sizes. The new strides follow the canonical rule. The result type must
be the one these rules give.
`,
  properties: { mode: I64Attr, static_shape: DenseI64ArrayAttr },
  operands: { operand: TlMemrefType, shape: Variadic(Index) },
  results: { result: TlMemrefType },
  assemblyFormat: '$operand `[` $mode `->` custom<ExpandShape>($shape, $static_shape) `]` attr-dict `:` qualified(type($operand)) `->` qualified(type($result))',
  customDirectives: { ExpandShape },
  verify(v) {
    const spec = staticList(v.static_shape);
    const t = v.operand.type as TlMemrefType;
    return verifyView(v.op, [['shape', spec, v.shape.length]], () => expandResult(t.shape, t.strides, Number(v.mode.value), spec));
  },
});

/** `%v = tl.fuse %m[1, 2] : !tl.memref<f32x8x4x2> -> !tl.memref<f32x8x8>`. */
export const FuseOp = defineOp('tl.fuse', {
  summary: 'A view with adjacent modes seen as one',
  description: `
Replicated instruction (spec: Fuse). Modes \`from\` to \`to\` (two or more) are seen as one; known strides must
chain (S_k s_k = S_k+1). The result type must be the one these rules give.
`,
  properties: { from: I64Attr, to: I64Attr },
  operands: { operand: TlMemrefType },
  results: { result: TlMemrefType },
  assemblyFormat: '$operand `[` $from `,` $to `]` attr-dict `:` qualified(type($operand)) `->` qualified(type($result))',
  verify(v) {
    const t = v.operand.type as TlMemrefType;
    return verifyView(v.op, [], () => fuseResult(t.shape, t.strides, Number(v.from.value), Number(v.to.value)));
  },
});
