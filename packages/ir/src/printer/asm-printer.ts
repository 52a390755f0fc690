import type { Attribute } from '../attribute.js';
import type { Block } from '../block.js';
import type { Context } from '../context.js';
import { resourceBlobText, resourceKeyText } from '../dense-resource-attribute.js';
import { externalResourcesText } from '../external-resources.js';
import { DenseElementsAttr, DenseStringElementsAttr, FloatAttr, IntegerAttr, LocationAttr, UnitAttr, type DictionaryAttr } from '../builtin-attributes.js';
import { FunctionType, printTypeList } from '../builtin-types.js';
import { CallSiteLoc, FusedLoc, NameLoc, UnknownLoc, type Location } from '../location.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import { IsolatedFromAbove, Terminator } from '../traits.js';
import type { Type } from '../type.js';
import { OpResult, type BlockArgument, type Value } from '../value.js';
import { AliasState } from './alias-state.js';
import { isElidedTerminator } from './elided-terminator.js';
import { printIdentifierOrString, quoteString } from './escape.js';
import { formatLocation } from './location-printer.js';
import { OutputBuffer } from './output-buffer.js';
import type { OpAsmPrinter } from './op-asm-printer.js';
import { TypeElision, type AttrTypeWriter } from './text-writer.js';

export interface PrintOptions {
  /** Print every operation in the generic form (`--mlir-print-op-generic`). */
  generic?: boolean;
  /** Print locations (`--mlir-print-debuginfo`). */
  debugInfo?: boolean;
  /**
   * Name values after their name locations (`--mlir-use-nameloc-as-prefix`, as mlir-opt): a block argument whose
   * location is `loc("A"(...))` prints as `%A`, the results of an op whose location is a name location as `%name`
   * (made unique with `_N`), ahead of the op's own suggestions (`%c0`, `%cst`). The front end gives kernel
   * arguments and named values such locations, which the lowerings carry to the ops they make.
   */
  nameLocAsPrefix?: boolean;
}

interface BlockInfo {
  name: string;
  ordering: number;
}

/**
 * Prints operations in MLIR's textual format, custom or generic, with value and block names numbered as
 * mlir-opt numbers them (so the output of both tools can be compared line by line).
 */
export class AsmPrinter implements OpAsmPrinter, AttrTypeWriter {
  /** The output, as UTF-8 bytes. */
  private readonly chunks: OutputBuffer;
  private indent = 0;
  private static epochCounter = 0;
  /** Identifies this printer's value names (see Value.asmEpoch). */
  private readonly epoch = ++AsmPrinter.epochCounter;
  private readonly blockInfo = new Map<Block, BlockInfo>();
  /** The names of the ops whose results print with a name they suggested (see numberValues). */
  private valueNames: Map<Operation, string> | undefined;
  /**
   * The result groups of ops that named results other than the first (MLIR's opResultGroups): the index each
   * group starts at and its name (`%base_buffer, %offset, %sizes:2, %strides:2 = ...`).
   */
  private resultGroups: Map<Operation, ResultGroups> | undefined;
  readonly printGenericForm: boolean;
  private readonly debugInfo: boolean;
  private readonly nameLocAsPrefix: boolean;
  /** The names of block arguments named after their name locations (see nameLocAsPrefix). */
  private argNames: Map<Value, string> | undefined;
  /** Dialects whose prefix may be dropped from op names in custom form (innermost last). */
  private readonly defaultDialects: string[] = ['builtin'];
  /** The aliases (`#loc3`, `!tuple`) of what is printed; undefined when there are none (the fast path). */
  private aliases: AliasState | undefined;
  /** The numbers of the `distinct[N]<...>` attributes printed so far, in the order they were first printed. */
  private distinctIds: Map<Attribute, number> | undefined;

  constructor(options: PrintOptions = {}, sink?: (bytes: Uint8Array) => void) {
    this.printGenericForm = options.generic ?? false;
    this.debugInfo = options.debugInfo ?? false;
    this.nameLocAsPrefix = options.nameLocAsPrefix ?? false;
    this.chunks = new OutputBuffer(sink);
  }

  /** Prints `op` (normally the top-level module) and returns the text, ending with a newline. */
  static print(op: Operation, options: PrintOptions = {}): string {
    const p = new AsmPrinter(options);
    p.numberValues(op);
    p.aliases = AliasState.collect(op, { generic: p.printGenericForm, debugInfo: p.debugInfo });
    p.printTopLevel(op);
    return p.chunks.toString();
  }

  /**
   * Like `print`, as a list of UTF-8 byte chunks to write out in order (what a tool writes to a file: no large
   * string is built).
   */
  static printToChunks(op: Operation, options: PrintOptions = {}): Uint8Array[] {
    const p = new AsmPrinter(options);
    p.numberValues(op);
    p.aliases = AliasState.collect(op, { generic: p.printGenericForm, debugInfo: p.debugInfo });
    p.printTopLevel(op);
    return p.chunks.toChunks();
  }

  /**
   * Like `printToChunks`, handing the UTF-8 bytes to `sink` as they are printed, a chunk (about 1 MiB) at a time,
   * in one buffer that is reused: `sink` must be done with the bytes it is given when it returns (write them).
   */
  static printToSink(op: Operation, options: PrintOptions, sink: (bytes: Uint8Array) => void): void {
    const p = new AsmPrinter(options, sink);
    p.numberValues(op);
    p.aliases = AliasState.collect(op, { generic: p.printGenericForm, debugInfo: p.debugInfo });
    p.printTopLevel(op);
    p.chunks.flush();
  }

  /**
   * The names `print(root, options)` gives values (`%0`, `%arg1`, `%c4`, `%3#1`): for tools that show values of IR
   * printed elsewhere (the flow dialect's dispatch graph). Values outside `root` are `<<UNKNOWN SSA VALUE>>`.
   */
  static valueNamer(root: Operation, options: PrintOptions = {}): (value: Value) => string {
    const p = new AsmPrinter(options);
    p.numberValues(root);
    // Names are read now: a value keeps the ids of the last printer that numbered it.
    const names = new Map<Value, string>();
    const visit = (op: Operation): void => {
      for (const r of op.results) names.set(r, p.getValueName(r));
      for (const region of op.regions) {
        for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
          for (const a of b.args) names.set(a, p.getValueName(a));
          for (let inner = b.firstOp; inner !== null; inner = inner.nextOp) visit(inner);
        }
      }
    };
    visit(root);
    return (value) => names.get(value) ?? '<<UNKNOWN SSA VALUE>>';
  }

  /** One op in generic form on one line-group, without a trailing newline (for diagnostics). */
  static printSingle(op: Operation): string {
    const p = new AsmPrinter({ generic: true });
    p.numberValues(op);
    p.printOperation(op);
    return p.chunks.toString();
  }

  /**
   * An op as an error shows it (MLIR's Diagnostic::appendOp for an error): in generic form, its values named as
   * when its closest isolated-from-above ancestor (or itself, if it is one) is printed, as `%N` and `%argN`.
   */
  static printInScope(op: Operation): string {
    let scope = op;
    while (!scope.hasTrait(IsolatedFromAbove)) {
      const parent = scope.parentOp;
      if (parent === null) break;
      scope = parent;
    }
    const p = new AsmPrinter({ generic: true });
    p.numberValues(scope);
    p.printOperation(op);
    return p.chunks.toString();
  }

  // ---- names ------------------------------------------------------------------------------------------------

  /**
   * Numbers values and blocks the way MLIR's SSANameState does: regions are visited with a stack; entry block
   * arguments are `%argN`, other values `%N`; each region's blocks are `^bb0`, `^bb1`, ... In custom form each
   * region starts from the counters of its parent region (so sibling isolated ops restart); in generic form
   * the counters are never restored, which makes names unique in the module.
   */
  private numberValues(top: Operation): void {
    // The counters of value ids, entry-argument ids and name conflicts (see numberBlockOps).
    const ids: NumberingCounters = { value: 0, arg: 0, conflict: 0 };
    // The top op's regions start from the counters as they were before its own results were numbered.
    const stack: [Region, number, number, number, UsedNames | undefined][] = top.regions.map((r) => [r, 0, 0, 0, undefined]);
    if (top.numResults) this.numberOpResults(top, ids.value++);
    const generic = this.printGenericForm;
    while (stack.length) {
      const [region, v, a, c, parentNames] = stack.pop()!;
      if (!generic) {
        ids.value = v;
        ids.arg = a;
        ids.conflict = c;
      }
      const names: UsedNames = { names: undefined, parent: parentNames };
      let blockId = 0;
      for (let block = region.firstBlock; block !== null; block = block.nextBlock) {
        this.blockInfo.set(block, { name: `^bb${blockId}`, ordering: blockId });
        blockId++;
        const entry = block.prevBlock === null;
        for (const arg of block.args) {
          const hint = this.nameLocAsPrefix ? nameLocName(arg.loc) : undefined;
          if (hint !== undefined) {
            // A named entry argument still takes its position's number (`%A, %arg1`), as mlir-opt numbers them.
            if (entry) ids.arg++;
            let unique: string;
            [unique, ids.conflict] = uniqueValueName(sanitizeValueName(hint), names, ids.conflict);
            (this.argNames ??= new Map()).set(arg, unique);
            this.setId(arg, NAMED_ARGUMENT);
          } else this.setId(arg, entry ? -1 - ids.arg++ : ids.value++);
        }
        this.numberBlockOps(block, ids, names);
      }
      for (let block = region.firstBlock; block !== null; block = block.nextBlock) {
        for (let op = block.firstOp; op !== null; op = op.nextOp) {
          const rs = op.regions;
          for (let i = 0; i < rs.length; i++) stack.push([rs[i]!, ids.value, ids.arg, ids.conflict, names]);
        }
      }
    }
  }

  /**
   * Numbers the results of the ops of `block` from `ids` (advancing it). A function of its own, called per block,
   * so that V8 optimizes it after a few blocks rather than by on-stack replacement of one long-running loop.
   */
  private numberBlockOps(block: Block, ids: NumberingCounters, names: UsedNames): void {
    const generic = this.printGenericForm;
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      if (op.numResults === 0) continue;
      const hint = this.nameLocAsPrefix ? nameLocName(op.loc) : undefined;
      if (hint !== undefined) {
        const [unique, conflicts] = uniqueValueName(sanitizeValueName(hint), names, ids.conflict);
        ids.conflict = conflicts;
        (this.valueNames ??= new Map()).set(op, unique);
        this.numberOpResults(op, NAMED_VALUE);
        continue;
      }
      const suggest = generic ? undefined : op.opName.def?.getAsmResultNames;
      if (suggest !== undefined) {
        let name: string | undefined;
        let others: { index: number; name: string }[] | undefined;
        suggest(op, (value, n) => {
          if (n === '' || !(value instanceof OpResult) || value.owner !== op) return;
          if (value.index === 0) name = n;
          else (others ??= []).push({ index: value.index, name: n });
        });
        if (others !== undefined) {
          // Names of results after the first start result groups; names are made unique in the order given.
          let first: string | undefined;
          if (name !== undefined) [first, ids.conflict] = uniqueValueName(sanitizeValueName(name), names, ids.conflict);
          else first = String(ids.value++);
          const groups: ResultGroups = { starts: [0], names: [first] };
          for (const o of others.sort((a, b) => a.index - b.index)) {
            if (groups.starts[groups.starts.length - 1] === o.index) continue;
            let unique: string;
            [unique, ids.conflict] = uniqueValueName(sanitizeValueName(o.name), names, ids.conflict);
            groups.starts.push(o.index);
            groups.names.push(unique);
          }
          (this.resultGroups ??= new Map()).set(op, groups);
          this.numberOpResults(op, GROUPED_VALUE);
          continue;
        }
        if (name !== undefined) {
          const [unique, conflicts] = uniqueValueName(sanitizeValueName(name), names, ids.conflict);
          ids.conflict = conflicts;
          (this.valueNames ??= new Map()).set(op, unique);
          this.numberOpResults(op, NAMED_VALUE);
          continue;
        }
      }
      this.numberOpResults(op, ids.value++);
    }
  }

  /**
   * Numbers the results of `op`. The results of an op with several results are marked with the epoch negated:
   * their names take a `#index`, which printing an operand then knows without looking at the defining op.
   */
  private numberOpResults(op: Operation, id: number): void {
    const n = op.numResults;
    const epoch = n > 1 ? -this.epoch : this.epoch;
    for (let i = 0; i < n; i++) {
      const r = op.getResult(i);
      r.asmEpoch = epoch;
      r.asmId = id;
    }
  }

  private setId(v: Value, id: number): void {
    v.asmEpoch = this.epoch;
    v.asmId = id;
  }

  /** Whether this printer numbered `v` (see numberOpResults). */
  private isNumbered(v: Value): boolean {
    const e = v.asmEpoch;
    return e === this.epoch || e === -this.epoch;
  }

  getValueName(value: Value): string {
    if (!this.isNumbered(value)) return '<<UNKNOWN SSA VALUE>>';
    const id = value.asmId;
    if (id === GROUPED_VALUE) return this.groupedValueName(value as OpResult);
    const base =
      id === NAMED_VALUE ? `%${this.valueNames!.get((value as OpResult).owner)!}` : id === NAMED_ARGUMENT ? `%${this.argNames!.get(value)!}` : id >= 0 ? `%${id}` : `%arg${-1 - id}`;
    return value.asmEpoch < 0 ? `${base}#${(value as OpResult).index}` : base;
  }

  /** Writes a value's name straight into the output (the hot path of printing operands). */
  private writeValueName(value: Value): void {
    const out = this.chunks;
    const epoch = value.asmEpoch;
    if (epoch !== this.epoch && epoch !== -this.epoch) {
      out.write('<<UNKNOWN SSA VALUE>>');
      return;
    }
    const id = value.asmId;
    if (id === GROUPED_VALUE) {
      out.write(this.groupedValueName(value as OpResult));
      return;
    }
    if (id === NAMED_VALUE) out.write('%' + this.valueNames!.get((value as OpResult).owner)!);
    else if (id === NAMED_ARGUMENT) out.write('%' + this.argNames!.get(value)!);
    else if (id >= 0) {
      out.writeByte(37 /* % */);
      out.writeInt(id);
    } else {
      out.write('%arg');
      out.writeInt(-1 - id);
    }
    if (epoch < 0) {
      out.writeByte(35 /* # */);
      out.writeInt((value as OpResult).index);
    }
  }

  /** `%sizes#1`: a result of an op with result groups, by its group's name and its place in the group. */
  private groupedValueName(value: OpResult): string {
    const { starts, names } = this.resultGroups!.get(value.owner)!;
    let g = starts.length - 1;
    while (starts[g]! > value.index) g--;
    const end = g + 1 < starts.length ? starts[g + 1]! : value.owner.numResults;
    return end - starts[g]! > 1 ? `%${names[g]}#${value.index - starts[g]!}` : `%${names[g]}`;
  }

  /** `%base_buffer, %offset, %sizes:2 = `: the result groups of an op. */
  private writeResultGroups(op: Operation, groups: ResultGroups): void {
    const { starts, names } = groups;
    for (let g = 0; g < starts.length; g++) {
      if (g) this.chunks.write(', ');
      this.chunks.write('%' + names[g]!);
      const size = (g + 1 < starts.length ? starts[g + 1]! : op.numResults) - starts[g]!;
      if (size > 1) {
        this.chunks.write(':');
        this.chunks.writeInt(size);
      }
    }
  }

  /** `%N` for an op with several results (whose result #0 is named `%N#0`). */
  private writeResultGroupName(op: Operation): void {
    const v = op.getResult(0);
    if (!this.isNumbered(v)) this.chunks.write('<<UNKNOWN SSA VALUE>>');
    else if (v.asmId === NAMED_VALUE) this.chunks.write('%' + this.valueNames!.get(op)!);
    else {
      this.chunks.write('%');
      this.chunks.writeInt(v.asmId);
    }
  }

  private blockName(b: Block): string {
    return this.blockInfo.get(b)?.name ?? '<<UNKNOWN BLOCK>>';
  }

  // ---- AttrTypeWriter / OpAsmPrinter ------------------------------------------------------------------------

  write(text: string): void {
    this.chunks.push(text);
  }

  printNewline(): void {
    this.chunks.push('\n');
    this.writeIndent();
  }

  printType(type: Type): void {
    const a = this.aliases;
    if (a) {
      const alias = a.typeAlias(type);
      if (alias !== undefined) return this.chunks.push(alias);
      if (a.typeMayHaveAlias(type)) return type.print(this);
    }
    this.chunks.push(type.toString());
  }

  printTypes(types: readonly Type[]): void {
    printTypeList(this, types);
  }

  printAttribute(attr: Attribute, elision: TypeElision = TypeElision.Never): void {
    const a = this.aliases;
    if (a) {
      const alias = a.attributeAlias(attr);
      if (alias !== undefined) return this.chunks.push(alias);
      if (attr instanceof LocationAttr) return this.printLocation(attr.location);
      if (a.attributeMayHaveAlias(attr)) return attr.print(this, elision);
    }
    this.chunks.push(elision === TypeElision.May ? attr.toStringElided() : attr.toString());
  }

  distinctId(attr: Attribute): number {
    const ids = (this.distinctIds ??= new Map());
    let id = ids.get(attr);
    if (id === undefined) {
      id = ids.size;
      ids.set(attr, id);
    }
    return id;
  }

  printAttributeWithoutType(attr: Attribute): void {
    if (attr instanceof IntegerAttr || attr instanceof FloatAttr) {
      const full = attr.toString();
      const colon = full.lastIndexOf(' : ');
      this.chunks.push(colon < 0 ? full : full.slice(0, colon));
    } else if (attr instanceof DenseElementsAttr || attr instanceof DenseStringElementsAttr) {
      // `dense<[1, 2]>` without its ` : tensor<2xi32>` (MLIR elides the type of elements attributes too).
      const full = attr.toString();
      const suffix = ` : ${attr.type}`;
      this.chunks.push(full.endsWith(suffix) ? full.slice(0, full.length - suffix.length) : full);
    } else this.printAttribute(attr);
  }

  printOperand(value: Value): void {
    this.writeValueName(value);
  }

  printOperands(values: readonly Value[]): void {
    for (let i = 0; i < values.length; i++) {
      if (i) this.chunks.push(', ');
      this.writeValueName(values[i]!);
    }
  }

  printFunctionalType(op: Operation): void {
    if (this.aliases) {
      this.chunks.push('(');
      this.printTypes(op.operandValues.map((v) => v.type));
      this.chunks.push(') -> ');
      const rts = op.resultTypes;
      if (rts.length === 1 && !(rts[0] instanceof FunctionType)) this.printType(rts[0]!);
      else {
        this.chunks.push('(');
        this.printTypes(rts);
        this.chunks.push(')');
      }
      return;
    }
    const c = this.chunks;
    c.writeByte(40 /* ( */);
    const values = op.operandValues;
    for (let i = 0; i < values.length; i++) {
      if (i) c.write(', ');
      c.write(values[i]!.type.toString());
    }
    c.write(') -> ');
    const nr = op.numResults;
    const t0 = nr === 1 ? op.getResult(0).type : undefined;
    if (t0 !== undefined && !(t0 instanceof FunctionType)) c.write(t0.toString());
    else {
      c.writeByte(40 /* ( */);
      for (let i = 0; i < nr; i++) {
        if (i) c.write(', ');
        c.write(op.getResult(i).type.toString());
      }
      c.writeByte(41 /* ) */);
    }
  }

  printOptionalAttrDict(attrs: DictionaryAttr, elided: readonly string[] = []): void {
    const entries = elided.length ? attrs.entries.filter((e) => !elided.includes(e.name)) : attrs.entries;
    if (entries.length === 0) return;
    this.chunks.push(' {');
    for (let i = 0; i < entries.length; i++) {
      if (i) this.chunks.push(', ');
      const e = entries[i]!;
      this.chunks.push(printIdentifierOrString(e.name));
      if (e.value instanceof UnitAttr) continue;
      this.chunks.push(' = ');
      if (this.aliases) this.printAttribute(e.value);
      else this.chunks.push(e.value.toString());
    }
    this.chunks.push('}');
  }

  printOptionalAttrDictWithKeyword(attrs: DictionaryAttr, elided: readonly string[] = []): void {
    const has = attrs.entries.some((e) => !elided.includes(e.name));
    if (!has) return;
    this.chunks.push(' attributes');
    this.printOptionalAttrDict(attrs, elided);
  }

  printSymbolName(name: string): void {
    this.chunks.push('@' + printIdentifierOrString(name));
  }

  printRegionArgument(arg: BlockArgument, attrs?: DictionaryAttr): void {
    this.writeValueName(arg);
    this.chunks.push(': ');
    this.printType(arg.type);
    if (attrs) this.printOptionalAttrDict(attrs);
    // Like mlir-opt, a block argument's location is printed in place, never as an alias.
    if (this.debugInfo) this.printTrailingLocation(arg.loc, false);
  }

  printSuccessor(block: Block): void {
    this.chunks.push(this.blockName(block));
  }

  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void {
    this.chunks.push(this.blockName(block));
    if (operands.length === 0) return;
    this.chunks.push('(');
    this.printOperands(operands);
    this.chunks.push(' : ');
    this.printTypes(operands.map((v) => v.type));
    this.chunks.push(')');
  }

  printOptionalLocationSpecifier(loc: Location): void {
    if (this.debugInfo) this.printTrailingLocation(loc, true);
  }

  /** ` loc(...)`: `loc(#loc3)` where the location has an alias and `allowAlias` (op locations). */
  private printTrailingLocation(loc: Location, allowAlias: boolean): void {
    const c = this.chunks;
    if (!this.aliases) return c.push(' loc(', formatLocation(loc), ')');
    c.push(' ');
    const alias = allowAlias ? this.aliases.locationAlias(loc) : undefined;
    if (alias !== undefined) c.push('loc(', alias, ')');
    else this.printLocation(loc);
  }

  /** `loc(...)` with nested locations as their aliases (MLIR's printLocation without a top-level alias). */
  private printLocation(loc: Location): void {
    this.chunks.push('loc(');
    this.printLocationBody(loc, true);
    this.chunks.push(')');
  }

  /** The body of `loc(...)`; below the top level a location with an alias prints as the alias. */
  private printLocationBody(loc: Location, top: boolean): void {
    const c = this.chunks;
    if (!top) {
      const alias = this.aliases?.locationAlias(loc);
      if (alias !== undefined) return c.push(alias);
    }
    if (loc instanceof NameLoc) {
      c.push(quoteString(loc.name));
      if (!(loc.child instanceof UnknownLoc)) {
        c.push('(');
        this.printLocationBody(loc.child, false);
        c.push(')');
      }
    } else if (loc instanceof CallSiteLoc) {
      c.push('callsite(');
      this.printLocationBody(loc.callee, false);
      c.push(' at ');
      this.printLocationBody(loc.caller, false);
      c.push(')');
    } else if (loc instanceof FusedLoc) {
      c.push('fused');
      if (loc.metadata) {
        c.push('<');
        this.printAttribute(loc.metadata);
        c.push('>');
      }
      c.push('[');
      loc.locations.forEach((l, i) => {
        if (i) c.push(', ');
        this.printLocationBody(l, false);
      });
      c.push(']');
    } else c.push(formatLocation(loc));
  }

  printRegion(
    region: Region,
    options: { printEntryBlockArgs?: boolean; printBlockTerminators?: boolean; printEmptyBlock?: boolean } = {},
  ): void {
    const printEntryBlockArgs = options.printEntryBlockArgs ?? true;
    const printTerminators = options.printBlockTerminators ?? true;
    const printEmptyBlock = options.printEmptyBlock ?? false;
    this.chunks.push('{\n');
    const entry = region.firstBlock;
    if (entry) {
      const header = (printEmptyBlock && entry.empty) || (printEntryBlockArgs && entry.numArguments > 0);
      this.printBlock(entry, header, printTerminators);
      for (let b = entry.nextBlock; b !== null; b = b.nextBlock) this.printBlock(b, true, true);
    }
    this.writeIndent();
    this.chunks.push('}');
  }

  // ---- structure --------------------------------------------------------------------------------------------

  private writeIndent(): void {
    if (this.indent) this.chunks.write(INDENTS[this.indent] ?? ' '.repeat(this.indent));
  }

  private printTopLevel(op: Operation): void {
    // As mlir-opt: aliases that must be known before their use first, those only op locations use after.
    if (this.aliases) this.printAliasDefinitions(false);
    this.printOperation(op);
    this.chunks.push('\n');
    if (this.aliases) this.printAliasDefinitions(true);
    this.printResources(op.context);
  }

  /**
   * The blobs of the `dense_resource` attributes printed, and the file's external resources, as mlir-opt writes them
   * after the module.
   */
  private printResources(ctx: Context): void {
    const keys = this.aliases ? [...this.aliases.resourceKeys].filter((k) => ctx.builtinResources.has(k)) : [];
    const external = externalResourcesText(ctx.externalResources);
    if (keys.length === 0 && external === undefined) return;
    this.chunks.push('\n{-#\n');
    if (keys.length > 0) {
      this.chunks.push('  dialect_resources: {\n    builtin: {\n');
      keys.forEach((k, i) => {
        this.chunks.push(`      ${resourceKeyText(k)}: ${resourceBlobText(ctx.builtinResources.get(k)!)}${i + 1 < keys.length ? ',' : ''}\n`);
      });
      this.chunks.push(`    }\n  }${external !== undefined ? ',' : ''}\n`);
    }
    if (external !== undefined) this.chunks.push(external, '\n');
    this.chunks.push('#-}\n');
  }

  /** `#loc3 = loc(...)`, `!tuple = tuple<...>` lines for the aliases that can (or cannot) be deferred. */
  private printAliasDefinitions(deferred: boolean): void {
    for (const alias of this.aliases!.ordered) {
      if (alias.canBeDeferred !== deferred) continue;
      this.chunks.push(alias.text, ' = ');
      const s = alias.symbol;
      if (s.kind === 'type') s.value.print(this);
      else if (s.kind === 'loc') this.printLocation(s.value);
      else if (s.value instanceof LocationAttr) this.printLocation(s.value.location);
      else s.value.print(this, TypeElision.Never);
      this.chunks.push('\n');
    }
  }

  private printBlock(block: Block, printHeader: boolean, printTerminator: boolean): void {
    const c = this.chunks;
    if (printHeader) {
      this.writeIndent();
      c.push(this.blockName(block));
      if (block.numArguments) {
        c.push('(');
        const args = block.args;
        for (let i = 0; i < args.length; i++) {
          if (i) c.push(', ');
          this.printRegionArgument(args[i]!);
        }
        c.push(')');
      }
      c.push(':');
      this.printPredecessorComment(block);
      c.push('\n');
    }
    this.indent += 2;
    const last = block.lastOp;
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      // Custom printers may elide an implicit terminator (only when it has no operands or attributes, and its
      // regions, if any, hold nothing: scf.forall's in_parallel); the last op of a block that needs no
      // terminator is an ordinary op and is always printed.
      if (!printTerminator && op === last && isElidedTerminator(last)) continue;
      this.writeIndent();
      this.printOperation(op);
      c.writeByte(10 /* \n */);
    }
    this.indent -= 2;
  }

  private printPredecessorComment(block: Block): void {
    if (block.hasNoPredecessors) {
      if (!block.isEntryBlock) this.chunks.push('  // no predecessors');
      return;
    }
    const preds = [...block.predecessors()];
    if (preds.length === 1) {
      this.chunks.push(`  // pred: ${this.blockName(preds[0]!)}`);
      return;
    }
    const infos = preds.map((p) => this.blockInfo.get(p) ?? { name: '<<UNKNOWN BLOCK>>', ordering: -1 });
    infos.sort((a, b) => a.ordering - b.ordering);
    this.chunks.push(`  // ${infos.length} preds: ${infos.map((i) => i.name).join(', ')}`);
  }

  /** Prints one operation (no indentation, no newline): results, then the custom or generic form. */
  printOperation(op: Operation): void {
    const c = this.chunks;
    const nr = op.numResults;
    if (nr === 1) {
      this.writeValueName(op.getResult(0));
      c.write(' = ');
    } else if (nr > 1 && op.getResult(0).asmId === GROUPED_VALUE && this.isNumbered(op.getResult(0))) {
      this.writeResultGroups(op, this.resultGroups!.get(op)!);
      c.write(' = ');
    } else if (nr > 1) {
      this.writeResultGroupName(op);
      c.writeByte(58 /* : */);
      c.writeInt(nr);
      c.write(' = ');
    }
    const def = op.opName.def;
    if (!this.printGenericForm && def?.print) {
      c.push(this.customOpName(op.name));
      // As MLIR: the regions of an op without a default dialect (OpAsmOpInterface) have none, so e.g. a
      // builtin.module nested in them prints its full name.
      this.defaultDialects.push(def.defaultDialect ?? '');
      def.print(op, this);
      this.defaultDialects.pop();
    } else this.printGenericOp(op);
    if (this.debugInfo) this.printOptionalLocationSpecifier(op.loc);
  }

  /** The op name with the innermost default dialect's prefix dropped (`func.return` -> `return` in a func). */
  private customOpName(name: string): string {
    const dd = this.defaultDialects[this.defaultDialects.length - 1]!;
    if (name.length > dd.length + 1 && name.charCodeAt(dd.length) === 46 && name.startsWith(dd)) return name.slice(dd.length + 1);
    return name;
  }

  /** `"name"(operands)[successors] <{properties}> (regions) {attributes} : (types) -> (types)`. */
  printGenericOp(op: Operation): void {
    const c = this.chunks;
    c.write(op.opName.quotedName);
    c.writeByte(40 /* ( */);
    const values = op.operandValues;
    for (let i = 0; i < values.length; i++) {
      if (i) c.write(', ');
      this.writeValueName(values[i]!);
    }
    c.writeByte(41 /* ) */);
    const succ = op.successorUses;
    if (succ.length) {
      c.push('[');
      for (let i = 0; i < succ.length; i++) {
        if (i) c.push(', ');
        c.push(this.blockName(succ[i]!.block));
      }
      c.push(']');
    }
    if (op.properties !== undefined) {
      c.write(' <');
      if (this.aliases) this.printAttribute(op.properties);
      else c.write(op.properties.toString());
      c.writeByte(62 /* > */);
    }
    const regions = op.regions;
    if (regions.length) {
      c.push(' (');
      // The op's default dialect, if it has one, applies to custom-form ops in its regions (none otherwise).
      this.defaultDialects.push(op.opName.def?.defaultDialect ?? '');
      for (let i = 0; i < regions.length; i++) {
        if (i) c.push(', ');
        this.printRegion(regions[i]!, { printEntryBlockArgs: true, printBlockTerminators: true, printEmptyBlock: true });
      }
      this.defaultDialects.pop();
      c.push(')');
    }
    const attrs = op.attributes;
    if (attrs.size) {
      c.push(' ');
      if (this.aliases) this.printAttribute(attrs);
      else c.push(attrs.toString());
    }
    c.write(' : ');
    this.printFunctionalType(op);
  }
}

const INDENTS: string[] = Array.from({ length: 64 }, (_, i) => ' '.repeat(i));

/** The id of results printed with a name an op suggested (kept in `valueNames`, by op). */
const NAMED_VALUE = 0x7fffffff;
/** The id of results of an op with result groups (kept in `resultGroups`, by op). */
const GROUPED_VALUE = 0x7ffffffe;
/** The id of a block argument named after its name location (see nameLocAsPrefix): its name is in argNames. */
const NAMED_ARGUMENT = 0x7ffffffd;

/**
 * The name a name location gives a value, if `loc` is one whose name reads as a name: not empty, not a number and
 * not a positional name (`arg3`), which the printer's own numbering could also give.
 */
function nameLocName(loc: Location): string | undefined {
  if (!(loc instanceof NameLoc)) return undefined;
  const n = loc.name;
  return n === '' || /^[0-9]+$/.test(n) || /^arg[0-9]+$/.test(n) ? undefined : n;
}

interface ResultGroups {
  readonly starts: number[];
  readonly names: string[];
}

/** The result names taken in a region and the regions around it. */
/** The counters a numbering walk advances: the next `%N`, the next `%argN`, the next `_N` of a name conflict. */
interface NumberingCounters {
  value: number;
  arg: number;
  conflict: number;
}

interface UsedNames {
  names: Set<string> | undefined;
  readonly parent: UsedNames | undefined;
}

function isNameUsed(scope: UsedNames | undefined, name: string): boolean {
  for (let s = scope; s !== undefined; s = s.parent) if (s.names?.has(name)) return true;
  return false;
}

/** MLIR's uniqueValueName: the name, or `name_N` with the first free N from the conflict counter. */
function uniqueValueName(name: string, scope: UsedNames, nextConflictId: number): [string, number] {
  let unique = name;
  if (isNameUsed(scope, name)) {
    do unique = `${name}_${nextConflictId++}`;
    while (isNameUsed(scope, unique));
  }
  (scope.names ??= new Set()).add(unique);
  return [unique, nextConflictId];
}

/** MLIR's sanitizeIdentifier for value names: a leading digit gets `_`, other characters become hex. */
function sanitizeValueName(name: string): string {
  const valid = (c: string): boolean => /[A-Za-z0-9$._-]/.test(c);
  const escaped = (): string => [...name].map((c) => (valid(c) ? c : c === ' ' ? '_' : c.charCodeAt(0).toString(16).toUpperCase())).join('');
  if (/^[0-9]/.test(name) || (!valid(name[0]!) && name[0] !== ' ')) return '_' + escaped();
  return [...name].every(valid) ? name : escaped();
}

/** Prints an operation to a string (see AsmPrinter). */
export function printOperation(op: Operation, options: PrintOptions = {}): string {
  return AsmPrinter.print(op, options);
}

