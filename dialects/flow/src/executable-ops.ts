// Executables: the modules outlined dispatches run (IREE's flow.executable, flow.executable.export and
// flow.executable_end).
//
//   flow.executable private @ex {
//     flow.executable.export public @fn workgroups(%n: index) -> (index, index, index) { ... }
//     builtin.module { func.func @fn(...) { ... } }
//   }
import {
  AnyRegion,
  FlatSymbolRefAttr,
  HasParent,
  IsolatedFromAbove,
  OptionalAttr,
  SingleBlock,
  SingleBlockImplicitTerminator,
  SizedRegion,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  SymbolOpInterface,
  SymbolRefAttr,
  SymbolTable,
  SymbolTableTrait,
  SymbolUserOpInterface,
  Terminator,
  defineOp,
  ensureTerminator,
  type Operation,
  isModuleOp,
} from '@tlir/ir';
import { parseSymbolAlias, parseSymbolVisibility, printSymbolAlias, printSymbolVisibility } from './symbol-syntax.js';
import { parseWorkgroupCountRegion, printWorkgroupCountRegion, verifyWorkgroupCountRegion } from './workgroup-count-region.js';

export const ExecutableOp = defineOp('flow.executable', {
  summary: 'Generic executable module',
  description: `
An executable module containing one or more public functions. The contents of the functions are safe to dispatch and
can be lowered further to target-specific backend IR representations. It holds \`flow.executable.export\` ops (the
entry points \`flow.dispatch\` names as \`@executable::@export\`) and the code they export, usually in a
\`builtin.module\`. Its block ends with \`flow.executable_end\`, which the custom form leaves out.

\`\`\`mlir
flow.executable private @ex {
  flow.executable.export public @add workgroups(%n: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %n, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @add(%a: !flow.dispatch.tensor<readonly:tensor<4xf32>>, %r: !flow.dispatch.tensor<writeonly:tensor<4xf32>>) {
      ...
    }
  }
}
\`\`\`
`,
  properties: { sym_visibility: OptionalAttr(StrAttr), sym_name: SymbolNameAttr },
  regions: { body: SizedRegion(1) },
  traits: [IsolatedFromAbove, SingleBlockImplicitTerminator('flow.executable_end'), SingleBlock, SymbolTableTrait],
  interfaces: [SymbolOpInterface.implement({})],
  parse(p, state) {
    parseSymbolVisibility(p, state.attributes);
    const loc = p.getCurrentLocation();
    const name = p.parseOptionalSymbolName() ?? p.emitError('expected the executable name (@name)', loc);
    state.addAttribute('sym_name', StringAttr.get(p.context, name));
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    const body = state.addRegion();
    p.parseRegion(body);
    ensureTerminator(p.context, body, 'flow.executable_end', state.loc);
    return true;
  },
  print(e, p) {
    p.write(' ');
    printSymbolVisibility(p, e.op);
    p.write(' ');
    p.printSymbolName(e.sym_name.value);
    p.printOptionalAttrDictWithKeyword(e.op.attributes);
    p.write(' ');
    p.printRegion(e.body, { printEntryBlockArgs: false, printBlockTerminators: false });
  },
});

export const ExecutableEndOp = defineOp('flow.executable_end', {
  summary: 'Terminator pseudo-op for the executable op',
  description: 'Ends the block of a `flow.executable`; the custom form of the executable leaves it out.',
  traits: [HasParent('flow.executable'), Terminator],
  assemblyFormat: 'attr-dict',
});

/** The module inside an executable that holds the exported code (its first `builtin.module`), if any. */
export function executableInnerModule(executable: Operation): Operation | undefined {
  for (let op = executable.regions[0]?.firstBlock?.firstOp; op; op = op.nextOperation) {
    if (isModuleOp(op)) return op;
  }
  return undefined;
}

/** The function an export names: its `function_ref` in the executable's inner module (or among the executable's ops). */
export function exportedFunction(exportOp: Operation): Operation | undefined {
  const executable = exportOp.parentOp;
  const ref = ExecutableExportOp.match(exportOp)?.function_ref;
  if (!executable || !(ref instanceof SymbolRefAttr)) return undefined;
  const found = new SymbolTable(executableInnerModule(executable) ?? executable).lookup(ref.root);
  return found && !ExecutableExportOp.is(found) ? found : undefined;
}

export const ExecutableExportOp = defineOp('flow.executable.export', {
  summary: 'Defines an executable entry point for dispatch operations',
  description: `
Specifies an exported function with an externally-visible alias (\`@fn as("alias")\`; \`@fn\` alone exports \`fn\` as
\`fn\`). Multiple exports can reference the same internal function. \`function_ref\` names a function of the
executable's \`builtin.module\` (checked when the executable has one).

Each entry point can have a unique workgroup count calculation region. This region takes the workload parameters
passed to each \`flow.dispatch\` and produces an XYZ workgroup count for the 3D grid dispatch. Without the region the
reference interpreter uses the workload itself as the count (x, y, z; missing ones are 1, extra ones multiply into z).

\`\`\`mlir
flow.executable.export public @dispatch0 as("dispatch0_alias")
flow.executable.export public @dispatch workgroups(%x: index, %y: index) -> (index, index, index) {
  flow.return %x, %y, %x : index, index, index
}
\`\`\`
`,
  properties: { sym_visibility: OptionalAttr(StrAttr), sym_name: SymbolNameAttr, function_ref: FlatSymbolRefAttr },
  regions: { workgroup_count: AnyRegion },
  traits: [HasParent('flow.executable'), IsolatedFromAbove],
  interfaces: [
    SymbolOpInterface.implement({}),
    SymbolUserOpInterface.implement({
      verifySymbolUses(op) {
        const executable = op.parentOp;
        const ref = ExecutableExportOp.wrap(op).function_ref;
        if (!executable || !executableInnerModule(executable) || exportedFunction(op)) return true;
        op.emitOpError(`refers to ${ref}, which is not a function of the executable's module`);
        return false;
      },
    }),
  ],
  parse(p, state) {
    parseSymbolVisibility(p, state.attributes);
    parseSymbolAlias(p, state.attributes);
    parseWorkgroupCountRegion(p, state.addRegion(), 'workgroups');
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    return true;
  },
  print(e, p) {
    p.write(' ');
    printSymbolVisibility(p, e.op);
    p.write(' ');
    printSymbolAlias(p, e.op);
    printWorkgroupCountRegion(p, e.workgroup_count, 'workgroups');
    p.printOptionalAttrDictWithKeyword(e.op.attributes);
  },
  verify: (e) => verifyWorkgroupCountRegion(e.op, e.workgroup_count, undefined),
});
