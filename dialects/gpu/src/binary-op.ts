// `gpu.binary @name <handler> [#gpu.object<target, format = "bytes">, ...]`: compiled GPU objects, one per target,
// and the `#gpu.object` attribute that holds each (MLIR 22's GPU_BinaryOp and GPU_ObjectAttr). tlir compiles to WGSL
// and has no target attributes of its own: a target is any dialect attribute (under --allow-unregistered-dialect,
// `#nvvm.target` or `#rocdl.target<...>` are kept as written), which is MLIR's "promise" of a target.
import {
  ArrayAttr,
  AttrParameter,
  DefaultValuedAttr,
  DialectAttribute,
  DictionaryAttr,
  OpaqueAttr,
  OptionalParameter,
  StringAttr,
  StringParameter,
  SymbolNameAttr,
  SymbolOpInterface,
  attrConstraint,
  defineAttribute,
  defineOp,
  type Attribute,
  type NamedAttribute,
} from '@tlir/ir';
import { SelectObjectAttr } from './mapping-attributes.js';

/** The formats of a compiled object (MLIR's CompilationTarget), `fatbin` the default the text leaves out. */
export const OBJECT_FORMATS = ['offload', 'assembly', 'bin', 'fatbin'] as const;

/** Whether an attribute can stand for a GPU target: one of a dialect (registered or kept as written). */
export function isTargetLike(a: Attribute): boolean {
  return a instanceof DialectAttribute || a instanceof OpaqueAttr;
}

/** `#gpu.object<#nvvm.target, properties = {O = 3 : i32}, bin = "...">`: one compiled object and its target. */
export const ObjectAttr = defineAttribute('gpu.object', {
  summary: 'An object containing a GPU module.',
  description: `
A GPU object attribute glues a GPU target to the serialized module it was compiled to: the target attribute, an
optional dictionary of properties, the format of the object (\`offload\`, \`assembly\`, \`bin\` or \`fatbin\`, the
default, which is not printed) and its bytes as a string.

\`\`\`mlir
#gpu.object<#nvvm.target, "...">
#gpu.object<#rocdl.target<chip = "gfx90a">, properties = {O = 3 : i32}, offload = "...">
\`\`\`
`,
  parameters: { target: AttrParameter, properties: OptionalParameter(AttrParameter), format: StringParameter, object: AttrParameter },
  parse: (p) => {
    p.parseLess();
    const targetLoc = p.getCurrentLocation();
    const target = p.parseAttribute();
    if (!isTargetLike(target)) p.emitError('the target attribute must implement or promise the `gpu::TargetAttrInterface`', targetLoc);
    p.parseComma();
    let properties: Attribute | undefined;
    if (p.parseOptionalKeyword('properties')) {
      p.parseEqual();
      const at = p.getCurrentLocation();
      properties = p.parseAttribute();
      if (!(properties instanceof DictionaryAttr)) p.emitError('invalid kind of attribute specified', at);
      p.parseComma();
    }
    let format = 'fatbin';
    const formatLoc = p.getCurrentLocation();
    const word = p.parseOptionalIdentifier();
    if (word !== undefined) {
      if (word === 'kernels') p.emitError('kernel tables (#gpu.kernel_table) are not supported by tlir', formatLoc);
      if (!(OBJECT_FORMATS as readonly string[]).includes(word)) p.emitError('expected keyword for GPU object format', formatLoc);
      format = word;
      p.parseEqual();
    }
    const objectLoc = p.getCurrentLocation();
    const object = p.parseAttribute();
    if (!(object instanceof StringAttr)) p.emitError('invalid kind of attribute specified', objectLoc);
    p.parseGreater();
    return { target, properties, format, object };
  },
  print: (v, w) => {
    w.write('<');
    w.printAttribute(v.target);
    w.write(', ');
    if (v.properties !== undefined) {
      w.write('properties = ');
      w.printAttribute(v.properties);
      w.write(', ');
    }
    if (v.format !== 'fatbin') w.write(`${v.format} = `);
    w.printAttribute(v.object);
    w.write('>');
  },
  verify: (v) => {
    if (!isTargetLike(v.target)) return 'the target attribute must implement or promise the `gpu::TargetAttrInterface`';
    if (!(OBJECT_FORMATS as readonly string[]).includes(v.format)) return `unknown GPU object format '${v.format}'`;
    return undefined;
  },
});

const ObjectArrayAttr = attrConstraint<ArrayAttr>(
  'an array of GPU object attributes with at least 1 elements',
  (a) => a instanceof ArrayAttr && a.length >= 1 && a.elements.every((e) => ObjectAttr.is(e)),
  { storage: (a) => a instanceof ArrayAttr },
);

const OffloadingHandlerAttr = attrConstraint<Attribute>('any attribute with the `OffloadingTranslationAttrTrait` trait.', (a) => SelectObjectAttr.is(a));

/** The handler a binary has when the text names none: `#gpu.select_object` without a target. */
const defaultHandler = (ctx: Parameters<typeof SelectObjectAttr.get>[0]): Attribute => SelectObjectAttr.get(ctx, { target: undefined });

export const BinaryOp = defineOp('gpu.binary', {
  summary: 'An Op for storing serialized GPU binary objects.',
  description: `
GPU binaries provide a semantic mechanism for storing GPU objects, e.g. the result of compiling a \`gpu.module\` to an
object file. The op takes 3 arguments: the name of the binary, an optional offloading handler (the attribute that
decides how the binary is embedded and launched at translation time, \`#gpu.select_object\` by default, which picks
the first object) and an array of objects.

\`\`\`mlir
gpu.binary @myobject [#gpu.object<#nvvm.target, "...">, #gpu.object<#nvvm.target<chip = "sm_90">, "...">]
gpu.binary @myobject2 <#gpu.select_object<1>> [#gpu.object<#nvvm.target, "...">, #gpu.object<#rocdl.target, "...">]
\`\`\`
`,
  properties: { sym_name: SymbolNameAttr, offloadingHandler: DefaultValuedAttr(OffloadingHandlerAttr, defaultHandler), objects: ObjectArrayAttr },
  interfaces: [SymbolOpInterface.implement({})],
  parse(p, state) {
    const ctx = p.context;
    const attrs: NamedAttribute[] = [{ name: 'sym_name', value: StringAttr.get(ctx, p.parseSymbolName()) }];
    if (p.parseOptionalLess()) {
      attrs.push({ name: 'offloadingHandler', value: p.parseAttribute() });
      p.parseGreater();
    }
    p.parseOptionalAttrDict(state.attributes);
    const at = p.getCurrentLocation();
    const objects = p.parseAttribute();
    if (!(objects instanceof ArrayAttr)) return p.emitError('invalid kind of attribute specified', at);
    attrs.push({ name: 'objects', value: objects });
    state.attributes.push(...attrs);
    return true;
  },
  print(b, p) {
    p.write(' ');
    p.printSymbolName(b.sym_name.value);
    p.write(' ');
    const handler = b.offloadingHandler;
    if (handler !== defaultHandler(b.op.context)) {
      p.write('<');
      p.printAttribute(handler);
      p.write('>');
    }
    p.printOptionalAttrDict(b.op.attributes, ['sym_name', 'offloadingHandler', 'objects']);
    p.write(' ');
    p.printAttribute(b.objects);
  },
});
