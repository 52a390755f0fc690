import {
  AnyAttr,
  DenseElementsAttr,
  DenseStringElementsAttr,
  MemRefType,
  OptionalAttr,
  RankedTensorType,
  ShapedType,
  StrAttr,
  SymbolNameAttr,
  SymbolOpInterface,
  TypeAttr,
  UnitAttr,
  attrConstraint,
  defineOp,
  type Attribute,
  type CustomDirective,
} from '@tlir/ir';
import { AlignmentAttr } from './memref-constraints.js';

/** MLIR's MemRefTypeAttr. */
const MemRefTypeAttr = attrConstraint<TypeAttr>('memref type attribute', (a) => a instanceof TypeAttr && a.value instanceof MemRefType, {
  storage: (a) => a instanceof TypeAttr,
});

const isElements = (a: Attribute): boolean => a instanceof DenseElementsAttr || a instanceof DenseStringElementsAttr;

/**
 * `custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value)`: `memref<4xi32>`, then `= uninitialized` or
 * `= dense<...>` (its tensor type left out) for a definition; nothing for a declaration.
 */
const GlobalMemrefOpTypeAndInitialValue: CustomDirective = {
  parse(p, args) {
    const type = p.parseType();
    if (!(type instanceof MemRefType) || !type.hasStaticShape) {
      return p.emitCustomOpError(`type should be static shaped memref, but got '${type}'`, p.getNameLoc());
    }
    args[0] = TypeAttr.get(p.context, type);
    if (!p.parseOptionalEqual()) return true;
    if (p.parseOptionalKeyword('uninitialized')) {
      args[1] = UnitAttr.get(p.context);
      return true;
    }
    const value = p.parseAttribute(RankedTensorType.get(p.context, type.shape, type.elementType));
    if (!isElements(value)) return p.emitCustomOpError('initial value should be a unit or elements attribute', p.getNameLoc());
    args[1] = value;
    return true;
  },
  print(p, _op, [type, initialValue]) {
    p.printAttribute(type as Attribute);
    if (initialValue === undefined) return;
    p.write(' = ');
    if (initialValue instanceof UnitAttr) p.write('uninitialized');
    else p.printAttributeWithoutType(initialValue as Attribute);
  },
};

/**
 * `memref.global "private" constant @c : memref<2xi32> = dense<[1, 4]> {alignment = 64}`: a named global memref,
 * declared (no initial value) or defined (`uninitialized` or an initial value).
 */
export const GlobalOp = defineOp('memref.global', {
  summary: 'declare or define a global memref variable',
  description: `
The \`memref.global\` operation declares or defines a named global memref variable. The backing memory for the
variable is allocated statically and is described by the type of the variable (a statically shaped memref type).
The operation is a declaration if no \`initial_value\` is specified, else it is a definition: \`uninitialized\`, or an
elements attribute giving the initial value. A \`constant\` global may not be written. \`memref.get_global\` gives the
memref of a global.

Example:

\`\`\`mlir
memref.global "private" @x : memref<2xf32> = dense<[0.0, 2.0]>
memref.global "private" @x : memref<2xf32> = dense<[0.0, 2.0]> {alignment = 64}
memref.global "private" @y : memref<4xi32>
memref.global @z : memref<3xf16> = uninitialized
memref.global constant @c : memref<2xi32> = dense<[1, 4]>
\`\`\`
`,
  properties: {
    sym_name: SymbolNameAttr,
    sym_visibility: OptionalAttr(StrAttr),
    type: MemRefTypeAttr,
    initial_value: OptionalAttr(AnyAttr),
    constant: UnitAttr,
    alignment: OptionalAttr(AlignmentAttr),
  },
  // A symbol; unlike func.func, MLIR does not count a global without initial value as a declaration (which could
  // not be public).
  interfaces: [SymbolOpInterface.implement({})],
  customDirectives: { GlobalMemrefOpTypeAndInitialValue },
  assemblyFormat:
    '($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict',
  verify(g) {
    const op = g.op;
    const type = g.type.value;
    if (!(type instanceof MemRefType) || !type.hasStaticShape) {
      op.emitOpError(`type should be static shaped memref, but got '${type}'`);
      return false;
    }
    const init = g.initial_value;
    if (init === undefined) return true;
    if (!(init instanceof UnitAttr) && !isElements(init)) {
      op.emitOpError(`initial value should be a unit or elements attribute, but got ${init}`);
      return false;
    }
    if (isElements(init)) {
      const initType = init.type as ShapedType;
      if (initType.elementType !== type.elementType) {
        op.emitOpError(`initial value element expected to be of type '${type.elementType}', but was of type '${initType.elementType}'`);
        return false;
      }
      const shape = initType.shape ?? [];
      if (shape.length !== type.shape.length || shape.some((d, i) => d !== type.shape[i])) {
        op.emitOpError(`initial value shape expected to be ${type.shape.join(', ')} but was ${shape.join(', ')}`);
        return false;
      }
    }
    return true;
  },
});
