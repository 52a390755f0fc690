import type { Attribute } from '../attribute.js';
import { IntegerAttr } from '../builtin-attributes.js';
import { IntegerType } from '../builtin-types.js';
import type { Context } from '../context.js';
import type { OpAsmParser } from '../parser/op-asm-parser.js';
import { quoteString } from '../printer/escape.js';
import { attrConstraint, type AttrConstraint } from './attr-constraint.js';

/** Whether `s` can be written as a bare keyword (MLIR's canFormatStringAsKeyword). */
export function isKeyword(s: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_$.]*$/.test(s);
}

/**
 * An enumeration stored as a signless integer attribute (ODS's I32EnumAttr / I64EnumAttr), like arith.cmpi's
 * predicate: `2 : i64` in the generic form, the case name (`slt`) in assembly formats.
 */
export interface IntEnumAttrConstraint<N extends string = string> extends AttrConstraint<IntegerAttr> {
  /** The enum's name (`CmpIPredicate`), for documentation. */
  readonly name: string;
  readonly cases: readonly { readonly name: N; readonly value: number }[];
  /** The attribute of a case. */
  get(ctx: Context, name: N): IntegerAttr;
  /** The case of an attribute (undefined if it is not a valid case). */
  symbolize(attr: Attribute): N | undefined;
}

/**
 * `IntEnumAttr('CmpIPredicate', 64, { eq: 0, ne: 1, ... })`. The constraint's summary is the one given (the enum's
 * ODS summary, "Floating point rounding mode") or, without one, ODS's default: "allowed 64-bit signless integer
 * cases: 0, 1, ...".
 */
export function IntEnumAttr<const N extends string>(
  name: string,
  width: 32 | 64,
  cases: Readonly<Record<N, number>>,
  summary?: string,
): IntEnumAttrConstraint<N> {
  const list = (Object.entries(cases) as [N, number][]).map(([n, value]) => ({ name: n, value }));
  const byValue = new Map<number, N>(list.map((c) => [c.value, c.name]));
  const byName = new Map<string, number>(list.map((c) => [c.name, c.value]));
  const isEnumValue = (a: Attribute): boolean =>
    a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.isSignless(width) && byValue.has(a.number);
  const keywords = list.filter((c) => isKeyword(c.name)).map((c) => c.name);
  const get = (ctx: Context, n: N): IntegerAttr => {
    const v = byName.get(n);
    if (v === undefined) throw new Error(`'${n}' is not a case of ${name}`);
    return IntegerAttr.get(ctx, IntegerType.get(ctx, width), v);
  };
  const base = attrConstraint<IntegerAttr>(summary ?? `allowed ${width}-bit signless integer cases: ${list.map((c) => c.value).join(', ')}`, isEnumValue, {
    storage: isEnumValue,
    syntax: {
      parse(p, attrName): IntegerAttr {
        const a = parseOptional(p, attrName);
        if (a === undefined) {
          return p.emitCustomOpError(
            `expected string or keyword containing one of the following enum values for attribute '${attrName}' [${list.map((c) => c.name).join(', ')}]`,
          );
        }
        return a;
      },
      parseOptional: (p, attrName) => parseOptional(p, attrName),
      print(a, p) {
        const n = byValue.get(a.number);
        if (n === undefined) p.printAttribute(a);
        else p.write(isKeyword(n) ? n : quoteString(n));
      },
    },
  });
  return Object.freeze({ ...base, name, cases: list, get, symbolize: (a: Attribute) => (isEnumValue(a) ? byValue.get((a as IntegerAttr).number) : undefined) });

  function parseOptional(p: OpAsmParser, attrName: string): IntegerAttr | undefined {
        const loc = p.getCurrentLocation();
        let text: string | undefined;
        for (const k of keywords) {
          if (p.parseOptionalKeyword(k)) {
            text = k;
            break;
          }
        }
        text ??= p.parseOptionalString();
        if (text === undefined) return undefined;
        const v = byName.get(text);
        if (v === undefined) return p.emitCustomOpError(`invalid ${attrName} attribute specification: "${text}"`, loc);
        return IntegerAttr.get(p.context, IntegerType.get(p.context, width), v);
  }
}
