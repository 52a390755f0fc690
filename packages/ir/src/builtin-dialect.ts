import { Block } from './block.js';
import { DictionaryAttr, StringAttr } from './builtin-attributes.js';
import type { Dialect } from './dialect.js';
import { SymbolOpInterface } from './interfaces/symbol-interfaces.js';
import { OptionalAttr, StrAttr, SymbolNameAttr } from './op-def/attr-constraint.js';
import { OpDeclaration } from './op-def/op-declaration.js';
import { makeInherentAttrsChecker, makePropertyChecker, makePropertyInitializer } from './op-def/op-properties.js';
import type { OpDefinition } from './op-definition.js';
import type { Operation } from './operation.js';
import {
  GraphRegion,
  IsolatedFromAbove,
  NoRegionArguments,
  NoTerminator,
  NOperands,
  NRegions,
  NResults,
  SingleBlock,
  SymbolTableTrait,
} from './traits.js';

/** builtin.module's properties, as ODS declares them: what is set up, converted and checked as for defineOp's ops. */
const MODULE_DECLARATION = new OpDeclaration('builtin.module', {
  properties: { sym_name: OptionalAttr(SymbolNameAttr), sym_visibility: OptionalAttr(StrAttr) },
});

/** A named module is a symbol of the module around it (MLIR's OptionalSymbol): verified only when it has a name. */
const MODULE_SYMBOL = SymbolOpInterface.implement({ isOptionalSymbol: () => true });

/**
 * `builtin.module`: the top-level container. Custom form `module @name attributes {...} { ... }`; its body
 * is a single block without terminator, a graph region holding a symbol table. Its properties are its symbol
 * name and visibility (written in the attribute dictionary, they move there; other keys are dropped).
 */
export const ModuleOpDef: OpDefinition = {
  name: 'builtin.module',
  summary: 'A top level container operation',
  // Builtin ops in its body print without the `builtin.` prefix (MLIR's ModuleOp::getDefaultDialect).
  defaultDialect: 'builtin',
  traits: [
    NOperands(0),
    NResults(0),
    NRegions(1),
    SingleBlock,
    NoTerminator,
    NoRegionArguments,
    SymbolTableTrait,
    IsolatedFromAbove,
    GraphRegion,
  ],
  interfaces: [MODULE_SYMBOL],
  initializeProperties: makePropertyInitializer(MODULE_DECLARATION),
  checkProperties: makePropertyChecker(MODULE_DECLARATION),
  checkInherentAttrs: makeInherentAttrsChecker(MODULE_DECLARATION),
  verify(op) {
    // ODS's checks, in its order: the properties' constraints (the parser's check, on the properties), then the
    // region's.
    const problem = op.properties instanceof DictionaryAttr ? ModuleOpDef.checkInherentAttrs!(op.properties.entries) : undefined;
    if (problem !== undefined) {
      op.emitOpError(problem);
      return false;
    }
    // The body has exactly one block (ODS's SizedRegion<1>): the custom form always gives it one.
    if (op.regions[0]!.numBlocks !== 1) {
      op.emitOpError("region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks");
      return false;
    }
    // Then the symbol's checks (its visibility, its parent), as MLIR's trait verifiers run before the op's own.
    if (!SymbolOpInterface.verify!(op, MODULE_SYMBOL.methods)) return false;
    // As MLIR's ModuleOp::verify: besides its symbol name and visibility, a module only carries attributes of
    // some dialect.
    const entries = [...(op.properties instanceof DictionaryAttr ? op.properties.entries : []), ...op.attributes.entries];
    for (const { name } of entries) {
      if (!name.includes('.') && name !== 'sym_name' && name !== 'sym_visibility') {
        op.emitOpError(`can only contain attributes with dialect-prefixed names, found: '${name}'`);
        return false;
      }
    }
    return true;
  },
  parse(parser, state) {
    const name = parser.parseOptionalSymbolName();
    if (name !== undefined) {
      const ctx = parser.context;
      state.properties = DictionaryAttr.get(ctx, [{ name: 'sym_name', value: StringAttr.get(ctx, name) }]);
    }
    // As the parser ODS generates for its attr-dict-with-keyword: inherent attributes are checked there.
    const loc = parser.getCurrentLocation();
    parser.parseOptionalAttrDictWithKeyword(state.attributes);
    const problem = ModuleOpDef.checkInherentAttrs!(state.attributes);
    if (problem !== undefined) parser.emitCustomOpError(`'builtin.module' op ${problem}`, loc);
    const body = state.addRegion();
    parser.parseRegion(body);
    if (body.empty) body.pushBack(new Block());
    return true;
  },
  print(op, p) {
    const name = op.getProperty('sym_name');
    if (name instanceof StringAttr) {
      p.write(' ');
      p.printSymbolName(name.value);
    }
    // The attributes and the properties but the name (the visibility prints there, as in MLIR).
    const props = op.properties instanceof DictionaryAttr ? op.properties.entries.filter((e) => e.name !== 'sym_name') : [];
    p.printOptionalAttrDictWithKeyword(props.length ? DictionaryAttr.get(op.context, [...props, ...op.attributes.entries]) : op.attributes);
    p.write(' ');
    p.printRegion(op.regions[0]!, { printEntryBlockArgs: false, printBlockTerminators: false });
  },
};

/**
 * `builtin.unrealized_conversion_cast`: a cast between type systems left by a partial conversion, to be
 * reconciled later. Custom form `%r = builtin.unrealized_conversion_cast %a, %b : t1, t2 to t3`.
 */
export const UnrealizedConversionCastOpDef: OpDefinition = {
  name: 'builtin.unrealized_conversion_cast',
  summary: 'An unrealized conversion from one set of types to another',
  traits: [NRegions(0)],
  verify(op) {
    // As MLIR's CastOpInterface: without a result, the custom form (`... to` nothing) could not be parsed back.
    if (op.numResults === 0) {
      op.emitOpError('expected at least one result for cast operation');
      return false;
    }
    return true;
  },
  parse(parser, state) {
    const loc = parser.getCurrentLocation();
    const inputs = parser.parseOperandList('none');
    if (inputs.length) {
      const types = parser.parseColonTypeList();
      state.operands.push(...parser.resolveOperands(inputs, types, loc));
    }
    parser.parseKeyword('to');
    state.resultTypes.push(...parser.parseTypeList());
    parser.parseOptionalAttrDict(state.attributes);
    return true;
  },
  print(op, p) {
    if (op.numOperands) {
      p.write(' ');
      p.printOperands(op.operands);
      p.write(' : ');
      p.printTypes(op.operands.map((v) => v.type));
    }
    p.write(' to ');
    p.printTypes(op.resultTypes);
    p.printOptionalAttrDict(op.attributes);
  },
};

/** The builtin dialect, loaded in every context. */
export const BuiltinDialect: Dialect = {
  name: 'builtin',
  summary: 'The builtin dialect: modules and unrealized conversion casts',
  operations: [ModuleOpDef, UnrealizedConversionCastOpDef],
};

/** Whether `op` is a builtin.module. */
export function isModuleOp(op: Operation): boolean {
  return op.opName.def === ModuleOpDef;
}
