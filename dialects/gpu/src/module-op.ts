// `gpu.module @kernels { ... }`: the code that runs on the device, a symbol table the host launches kernels from.
import {
  AnyAttr,
  ArrayAttr,
  DialectAttribute,
  OpaqueAttr,
  GraphRegion,
  IsolatedFromAbove,
  NoRegionArguments,
  NoTerminator,
  OptionalAttr,
  SingleBlock,
  SizedRegion,
  SymbolNameAttr,
  SymbolOpInterface,
  SymbolTableTrait,
  attrConstraint,
  defineOp,
  type Attribute,
  type OpAsmParser,
} from '@tlir/ir';

/**
 * A non-empty array of target attributes (`[#nvvm.target, #rocdl.target<chip = "gfx90a">]`). tlir registers no
 * target dialect: any dialect attribute (an unregistered dialect's included) is taken for a target, a builtin
 * attribute (`1`, `"sm_80"`, `[...]`) is not one.
 */
const TargetArrayAttr = attrConstraint<ArrayAttr>(
  'array of GPU target attributes with at least 1 elements',
  (a) => a instanceof ArrayAttr && a.length >= 1 && a.elements.every((e) => e instanceof DialectAttribute || e instanceof OpaqueAttr),
  {
    storage: (a) => a instanceof ArrayAttr,
    // An array, as ODS parses an ArrayAttr: only `[` starts one (the module's `{` body does not).
    syntax: {
      parse: (p) => parseArray(p) ?? p.emitError("expected '['"),
      parseOptional: (p) => parseArray(p),
      print: (a, p) => p.printAttribute(a),
    },
  },
);

function parseArray(p: OpAsmParser): ArrayAttr | undefined {
  if (!p.parseOptionalLSquare()) return undefined;
  const elements: Attribute[] = [];
  if (!p.parseOptionalRSquare()) {
    p.parseCommaSeparatedList('none', () => elements.push(p.parseAttribute()));
    p.parseRSquare();
  }
  return ArrayAttr.get(p.context, elements);
}

export const ModuleOp = defineOp('gpu.module', {
  summary: 'A top level compilation unit containing code to be run on a GPU.',
  description: `
GPU module contains code that is intended to be run on a GPU. A host device can launch this code through a
\`gpu.launch_func\` that creates a fully qualified symbol through the \`gpu.module\`'s symbol and a \`gpu.func\` symbol
contained in the \`gpu.module\`.

The module's top-level scope is modeled by a single region with a single block, without terminator. GPU modules are
required to have a name that is used for symbol resolution by the \`gpu.launch_func\` operation.

Modules can carry target attributes (how to compile them to binaries) and an offloading handler; tlir keeps them
as they are written.

\`\`\`mlir
gpu.module @symbol_name {
  gpu.func @f() kernel { gpu.return }
}
// Module with offloading handler and target attributes.
gpu.module @symbol_name2 <#gpu.select_object<1>> [#nvvm.target, #rocdl.target<chip = "gfx90a">] {
}
\`\`\`
`,
  properties: { sym_name: SymbolNameAttr, targets: OptionalAttr(TargetArrayAttr), offloadingHandler: OptionalAttr(AnyAttr) },
  regions: { bodyRegion: SizedRegion(1) },
  traits: [IsolatedFromAbove, NoRegionArguments, SymbolTableTrait, NoTerminator, SingleBlock, GraphRegion],
  interfaces: [SymbolOpInterface.implement({})],
  assemblyFormat: '$sym_name (`<` $offloadingHandler^ `>`)? ($targets^)? attr-dict-with-keyword $bodyRegion',
});
