import { Attribute } from '../attribute.js';
import {
  ArrayAttr,
  DenseArrayAttr,
  DenseElementsAttr,
  DenseStringElementsAttr,
  DictionaryAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../builtin-attributes.js';
import { FloatType, IndexType, IntegerType, NoneType } from '../builtin-types.js';
import type { Context } from '../context.js';
import type { OpAsmParser } from '../parser/op-asm-parser.js';
import type { OpAsmPrinter } from '../printer/op-asm-printer.js';
import type { Type } from '../type.js';
import { toTypeConstraint, type StrippedForm, type TypeClass, type TypeConstraint } from './type-constraint.js';

/**
 * How an assembly format writes an attribute that has a special syntax there: enum cases as keywords, symbol
 * names as `@name`. `parse` reports an error (through the parser) when the attribute is not next;
 * `parseOptional` returns undefined instead.
 */
export interface AttrSyntax<A extends Attribute = Attribute> {
  parse(parser: OpAsmParser, name: string): A;
  parseOptional(parser: OpAsmParser, name: string): A | undefined;
  print(attr: A, printer: OpAsmPrinter): void;
}

/**
 * What an inherent attribute (a property) must be, like an ODS attribute constraint. `summary` is the phrase of
 * MLIR's message ("attribute 'value' failed to satisfy constraint: 64-bit signless integer attribute").
 */
export interface AttrConstraint<A extends Attribute = Attribute> {
  readonly kind: 'attr';
  readonly summary: string;
  check(attr: Attribute): attr is A;
  /**
   * Whether the attribute can be stored at all (MLIR 22's property conversion, which checks the storage class
   * only): a generic form whose `<{...}>` fails this is a parse error ("invalid properties ... for op ...").
   * Defaults to accepting anything; `check` runs in the verifier.
   */
  readonly storage?: (attr: Attribute) => boolean;
  /** The type `$attr` is parsed with in an assembly format (and printed without): i64 for `I64Attr`. */
  readonly valueType?: (ctx: Context) => Type;
  /** A special syntax in assembly formats (enum keywords, symbol names). */
  readonly syntax?: AttrSyntax<A>;
  /** A dialect attribute definition whose values formats write without `#dialect.mnemonic` unless `qualified`. */
  readonly stripped?: StrippedForm<A>;
  /** A unit attribute: its presence is its value, so a property of this constraint is always optional. */
  readonly isUnit?: boolean;
}

/** A class of attributes usable as a constraint (its instances pass): `StringAttr`, `ArrayAttr`, a dialect attribute. */
export type AttrClass<A extends Attribute = Attribute> = (abstract new (...args: never[]) => A) | (Function & { prototype: A });

/** The attribute class a constraint or class stands for. */
export type AttrOf<C> = C extends AttrConstraint<infer A> ? A : C extends { prototype: infer A extends Attribute } ? A : Attribute;

/**
 * A property that may be absent: `OptionalAttr(StrAttr)`. With `value` (`DefaultValuedOptionalAttr`), absence means
 * that value, and `attr-dict` leaves the property out when it has it.
 */
export interface OptionalAttrSpec<C extends AttrConstraint | AttrClass = AttrConstraint | AttrClass> {
  readonly presence: 'optional';
  readonly constraint: C;
  readonly value?: (ctx: Context) => AttrOf<C>;
}

/** A property that takes `value` when not given; ops always carry it (MLIR 22 populates default properties). */
export interface DefaultValuedAttrSpec<C extends AttrConstraint | AttrClass = AttrConstraint | AttrClass> {
  readonly presence: 'default';
  readonly constraint: C;
  readonly value: (ctx: Context) => AttrOf<C>;
}

/** Everything that may declare a property. */
export type AttrSpec = AttrConstraint | AttrClass | OptionalAttrSpec | DefaultValuedAttrSpec;

/** Declares an attribute constraint from a predicate. */
export function attrConstraint<A extends Attribute = Attribute>(
  summary: string,
  check: (attr: Attribute) => boolean,
  extra: Omit<AttrConstraint<A>, 'kind' | 'summary' | 'check'> = {},
): AttrConstraint<A> {
  return Object.freeze({ kind: 'attr', summary, check: check as (attr: Attribute) => attr is A, ...extra });
}

/** `OptionalAttr(c)`: the property may be absent. */
export function OptionalAttr<C extends AttrConstraint | AttrClass>(constraint: C): OptionalAttrSpec<C> {
  return Object.freeze({ presence: 'optional', constraint });
}

/**
 * `DefaultValuedOptionalAttr(c, ctx => value)` (ODS's DefaultValuedOptionalAttr): an optional property that means
 * `value` when absent. Unlike `DefaultValuedAttr`, ops are not given it when created (the generic form shows only
 * what was set), and `attr-dict` leaves it out at that value (memref.load's `nontemporal = false`).
 */
export function DefaultValuedOptionalAttr<C extends AttrConstraint | AttrClass>(constraint: C, value: (ctx: Context) => AttrOf<C>): OptionalAttrSpec<C> {
  return Object.freeze({ presence: 'optional', constraint, value });
}

/** `DefaultValuedAttr(c, ctx => value)`: the property is `value` when not given. */
export function DefaultValuedAttr<C extends AttrConstraint | AttrClass>(constraint: C, value: (ctx: Context) => AttrOf<C>): DefaultValuedAttrSpec<C> {
  return Object.freeze({ presence: 'default', constraint, value });
}

const classSummaries = new Map<Function, string>([
  [UnitAttr, 'unit attribute'],
  [StringAttr, 'string attribute'],
  [TypeAttr, 'any type attribute'],
  [ArrayAttr, 'array attribute'],
  [DictionaryAttr, 'dictionary of named attribute values'],
  [SymbolRefAttr, 'symbol reference attribute'],
  [IntegerAttr, 'arbitrary integer attribute'],
  [FloatAttr, 'arbitrary float attribute'],
  [DenseArrayAttr, 'dense array attribute'],
  [DenseElementsAttr, 'constant vector/tensor attribute'],
  [Attribute, 'any attribute'],
]);
const classConstraints = new WeakMap<Function, AttrConstraint>();

/** Gives a class used as a constraint the summary its messages show (dialect attributes register theirs). */
export function setAttrClassSummary(cls: Function, summary: string, stripped?: StrippedForm<Attribute>): void {
  classSummaries.set(cls, summary);
  if (stripped) classStripped.set(cls, stripped);
  classConstraints.delete(cls);
}
const classStripped = new Map<Function, StrippedForm<Attribute>>();

/** The constraint a class or constraint object stands for. */
export function toAttrConstraint(c: AttrConstraint | AttrClass): AttrConstraint {
  if (typeof c !== 'function') return c;
  let ac = classConstraints.get(c);
  if (!ac) {
    const cls = c;
    const isA = (a: Attribute): boolean => a instanceof cls;
    ac =
      cls === UnitAttr
        ? UnitAttrConstraint
        : attrConstraint(classSummaries.get(cls) ?? cls.name, isA, { storage: isA, stripped: classStripped.get(cls) });
    classConstraints.set(cls, ac);
  }
  return ac;
}

const isInt = (a: Attribute): boolean => a instanceof IntegerAttr;

/** `iN` integer attribute of a given width (printed without its type in formats). */
function signlessIntAttr(width: number): AttrConstraint<IntegerAttr> {
  return attrConstraint<IntegerAttr>(
    `${width}-bit signless integer attribute`,
    (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.isSignless(width),
    { storage: isInt, valueType: (ctx) => IntegerType.get(ctx, width) },
  );
}
export const I1Attr = signlessIntAttr(1);
export const I8Attr = signlessIntAttr(8);
export const I16Attr = signlessIntAttr(16);
export const I32Attr = signlessIntAttr(32);
export const I64Attr = signlessIntAttr(64);
/** `true` / `false`. */
const isBoolAttr = (a: Attribute): boolean => a instanceof IntegerAttr && a.isBool;
export const BoolAttr = attrConstraint<IntegerAttr>('bool attribute', isBoolAttr, {
  // MLIR stores it as a BoolAttr: `nontemporal = 1 : i32` fails the property conversion.
  storage: isBoolAttr,
  valueType: (ctx) => IntegerType.get(ctx, 1),
});
/** An integer attribute of type `index`. */
export const IndexAttr = attrConstraint<IntegerAttr>('index attribute', (a) => a instanceof IntegerAttr && a.type instanceof IndexType, {
  storage: isInt,
  valueType: (ctx) => IndexType.get(ctx),
});
/** Any integer attribute. */
export const AnyIntegerAttr = attrConstraint<IntegerAttr>('arbitrary integer attribute', isInt, { storage: isInt });

const floatAttrOf = (kind: 'f32' | 'f64', width: number): AttrConstraint<FloatAttr> =>
  attrConstraint<FloatAttr>(`${width}-bit float attribute`, (a) => a instanceof FloatAttr && a.type.kind === kind, {
    storage: (a) => a instanceof FloatAttr,
    valueType: (ctx) => FloatType.get(ctx, kind),
  });
export const F32Attr = floatAttrOf('f32', 32);
export const F64Attr = floatAttrOf('f64', 64);

const isStr = (a: Attribute): boolean => a instanceof StringAttr;
/**
 * A string attribute. Where a format makes it optional (`($sym_visibility^)?`), only a string literal starts it, as
 * MLIR's parseOptionalAttribute(StringAttr &): `memref.global @name` is not a visibility.
 */
export const StrAttr = attrConstraint<StringAttr>('string attribute', isStr, {
  storage: isStr,
  valueType: (ctx) => NoneType.get(ctx),
  syntax: {
    parse(p) {
      const loc = p.getCurrentLocation();
      const a = p.parseAttribute(NoneType.get(p.context));
      if (!(a instanceof StringAttr)) return p.emitCustomOpError('invalid kind of attribute specified', loc);
      return a;
    },
    parseOptional(p) {
      const s = p.parseOptionalString();
      return s === undefined ? undefined : StringAttr.get(p.context, s);
    },
    print(a, p) {
      p.printAttribute(a);
    },
  },
});

/** The name a symbol op defines: a string, written `@name` in formats. */
export const SymbolNameAttr = attrConstraint<StringAttr>('string attribute', isStr, {
  storage: isStr,
  syntax: {
    parse(p) {
      return StringAttr.get(p.context, p.parseSymbolName());
    },
    parseOptional(p) {
      const name = p.parseOptionalSymbolName();
      return name === undefined ? undefined : StringAttr.get(p.context, name);
    },
    print(a, p) {
      p.printSymbolName(a.value);
    },
  },
});

const isFlatRef = (a: Attribute): boolean => a instanceof SymbolRefAttr && a.isFlat;
/** `@name` (one level). */
export const FlatSymbolRefAttr = attrConstraint<SymbolRefAttr>('flat symbol reference attribute', isFlatRef, { storage: isFlatRef });
const isRef = (a: Attribute): boolean => a instanceof SymbolRefAttr;
/** `@a::@b`. */
export const SymbolRefAttrConstraint = attrConstraint<SymbolRefAttr>('symbol reference attribute', isRef, { storage: isRef });

/** The unit attribute: presence is its value. A property of this kind is optional. */
export const UnitAttrConstraint = attrConstraint<UnitAttr>('unit attribute', (a) => a instanceof UnitAttr, {
  storage: (a) => a instanceof UnitAttr,
  isUnit: true,
});

const isTypeAttr = (a: Attribute): boolean => a instanceof TypeAttr;
/** A type attribute whose type satisfies `c`: `TypeAttrOf(FunctionType)` ("type attribute of function type"). */
export function TypeAttrOf<T extends Type>(c: TypeConstraint<T> | TypeClass<T>): AttrConstraint<TypeAttr & { readonly value: T }> {
  const tc = toTypeConstraint(c);
  return attrConstraint(`type attribute of ${tc.summary}`, (a) => a instanceof TypeAttr && tc.check(a.value), { storage: isTypeAttr });
}

const isArray = (a: Attribute): boolean => a instanceof ArrayAttr;
/** An array whose elements all satisfy `element`; `summary` is the whole constraint's phrase. */
export function ArrayAttrOf<A extends Attribute>(element: AttrConstraint<A> | AttrClass<A>, summary: string): AttrConstraint<ArrayAttr> {
  const ec = toAttrConstraint(element);
  return attrConstraint<ArrayAttr>(summary, (a) => a instanceof ArrayAttr && a.elements.every((e) => ec.check(e)), { storage: isArray });
}
/** `[{...}, {...}]`: one dictionary per argument or result (func.func's arg_attrs). */
export const DictArrayAttr = ArrayAttrOf(DictionaryAttr, 'Array of dictionary attributes');
/** `[i32, f32]`. */
export const TypeArrayAttr = ArrayAttrOf(TypeAttr, 'type array attribute');
/** `["a", "b"]`. */
export const StrArrayAttr = ArrayAttrOf(StrAttr, 'string array attribute');
/** `[1, 2]` of i64. */
export const I64ArrayAttr = ArrayAttrOf(I64Attr, '64-bit integer array attribute');
export const I32ArrayAttr = ArrayAttrOf(I32Attr, '32-bit integer array attribute');

/** `array<i64: 1, 2>` and the like: a dense array of one element type. */
function denseArrayOf(elementName: string, isElement: (t: IntegerType | FloatType) => boolean): AttrConstraint<DenseArrayAttr> {
  const ok = (a: Attribute): boolean => a instanceof DenseArrayAttr && isElement(a.elementType);
  // The C++ classes (DenseI64ArrayAttr, ...) check the element type: so does the property conversion.
  return attrConstraint<DenseArrayAttr>(`${elementName} dense array attribute`, ok, { storage: ok, syntax: denseArraySyntax(elementName) });
}

/**
 * In assembly formats a dense array is written without its `array<i32: ...>` wrapper, `[1, 2]`, as MLIR's
 * DenseArrayAttr prints and parses itself there.
 */
function denseArraySyntax(elementName: string): AttrSyntax<DenseArrayAttr> {
  const parseElements = (p: OpAsmParser): DenseArrayAttr => {
    const ctx = p.context;
    const type = elementName[0] === 'f' ? FloatType.get(ctx, elementName as 'f32' | 'f64') : IntegerType.get(ctx, Number(elementName.slice(1)));
    const values: (bigint | number)[] = [];
    if (!p.parseOptionalRSquare()) {
      do {
        if (type instanceof FloatType) values.push(p.parseFloat());
        else if (type.width === 1 && p.parseOptionalKeyword('true')) values.push(1n);
        else if (type.width === 1 && p.parseOptionalKeyword('false')) values.push(0n);
        else values.push(p.parseInteger());
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    return DenseArrayAttr.get(ctx, type, values);
  };
  return {
    parse(p) {
      p.parseLSquare();
      return parseElements(p);
    },
    parseOptional(p) {
      return p.parseOptionalLSquare() ? parseElements(p) : undefined;
    },
    print(a, p) {
      // The attribute's own text is `array<T>` or `array<T: e0, e1, ...>`: the elements are the same here.
      const text = String(a);
      const colon = text.indexOf(':');
      p.write(colon < 0 ? '[]' : `[${text.slice(colon + 2, -1)}]`);
    },
  };
}
const intElem = (w: number) => (t: IntegerType | FloatType): boolean => t instanceof IntegerType && t.isSignless(w);
export const DenseBoolArrayAttr = denseArrayOf('i1', intElem(1));
export const DenseI8ArrayAttr = denseArrayOf('i8', intElem(8));
export const DenseI16ArrayAttr = denseArrayOf('i16', intElem(16));
export const DenseI32ArrayAttr = denseArrayOf('i32', intElem(32));
export const DenseI64ArrayAttr = denseArrayOf('i64', intElem(64));
export const DenseF32ArrayAttr = denseArrayOf('f32', (t) => t instanceof FloatType && t.kind === 'f32');
export const DenseF64ArrayAttr = denseArrayOf('f64', (t) => t instanceof FloatType && t.kind === 'f64');

/** Any attribute. */
export const AnyAttr = attrConstraint('any attribute', () => true);
/** An attribute with a type (integers, floats, dense elements, ...): MLIR's TypedAttr. */
// A string is typed too (`none` when no type is written), as in MLIR.
const isTyped = (a: Attribute): boolean => a.type !== undefined || a instanceof StringAttr;
export const TypedAttr = attrConstraint('TypedAttr instance', isTyped, { storage: isTyped });
/** A constant vector or tensor (dense elements). */
export const ElementsAttr = attrConstraint('constant vector/tensor attribute', (a) => a instanceof DenseElementsAttr || a instanceof DenseStringElementsAttr);

/** Any of the given constraints. */
export function AnyAttrOf(constraints: readonly (AttrConstraint | AttrClass)[], summary?: string): AttrConstraint {
  const cs = constraints.map(toAttrConstraint);
  return attrConstraint(summary ?? cs.map((c) => c.summary).join(' or '), (a) => cs.some((c) => c.check(a)));
}
