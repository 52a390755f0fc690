import type { Attribute } from './attribute.js';
import { Block } from './block.js';
import { ArrayAttr, DictionaryAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr } from './builtin-attributes.js';
import { FloatType, FunctionType, IndexType, IntegerType, NoneType } from './builtin-types.js';
import type { Context } from './context.js';
import { UnknownLoc, type Location } from './location.js';
import { Operation, type OperationInit } from './operation.js';
import type { OperationState } from './operation-state.js';
import type { Region } from './region.js';
import type { Type } from './type.js';

/** Told about every operation and block a builder creates (the rewriter uses this to track changes). */
export interface BuilderListener {
  onOperationInserted?(op: Operation): void;
  onBlockInserted?(block: Block): void;
}

/** Where a builder inserts: before `before` in `block`, or at the end of `block` when `before` is null. */
export interface InsertionPoint {
  readonly block: Block;
  readonly before: Operation | null;
}

/**
 * Creates types, attributes and operations, inserting operations at its insertion point (like MLIR's
 * OpBuilder). The convenience getters return the context's interned instances.
 */
export class Builder {
  /**
   * The insertion point, as two fields rather than an InsertionPoint object: drivers move it to every op they
   * visit. No block: none.
   */
  private ipBlock: Block | undefined = undefined;
  private ipBefore: Operation | null = null;
  listener: BuilderListener | undefined;
  private locValue: Location = UnknownLoc.instance;
  /** The op whose location `loc` is, when set by `setLocFrom` and not read yet. */
  private locSource: Operation | undefined = undefined;

  /** The location given to created ops that do not specify one. */
  get loc(): Location {
    const source = this.locSource;
    if (source !== undefined) {
      this.locValue = source.loc;
      this.locSource = undefined;
    }
    return this.locValue;
  }

  set loc(loc: Location) {
    this.locValue = loc;
    this.locSource = undefined;
  }

  /**
   * Gives created ops `op`'s location, as `loc = op.loc` does, but asks `op` for it only when an op is created:
   * a parsed op's location object is made when first asked for, and a driver that visits every op would make one
   * for each.
   */
  setLocFrom(op: Operation): this {
    this.locSource = op;
    return this;
  }

  constructor(readonly context: Context) {}

  // ---- insertion point ----------------------------------------------------------------------------------

  get insertionPoint(): InsertionPoint | undefined {
    const block = this.ipBlock;
    return block === undefined ? undefined : { block, before: this.ipBefore };
  }

  set insertionPoint(ip: InsertionPoint | undefined) {
    this.ipBlock = ip?.block;
    this.ipBefore = ip?.before ?? null;
  }

  get insertionBlock(): Block | undefined {
    return this.ipBlock;
  }

  setInsertionPointToStart(block: Block): this {
    this.ipBlock = block;
    this.ipBefore = block.firstOp;
    return this;
  }

  setInsertionPointToEnd(block: Block): this {
    this.ipBlock = block;
    this.ipBefore = null;
    return this;
  }

  setInsertionPoint(op: Operation): this {
    const block = op.parentBlock;
    if (!block) throw new Error('setInsertionPoint: operation is not in a block');
    this.ipBlock = block;
    this.ipBefore = op;
    return this;
  }

  setInsertionPointAfter(op: Operation): this {
    const block = op.parentBlock;
    if (!block) throw new Error('setInsertionPointAfter: operation is not in a block');
    this.ipBlock = block;
    this.ipBefore = op.nextOperation;
    return this;
  }

  clearInsertionPoint(): this {
    this.ipBlock = undefined;
    this.ipBefore = null;
    return this;
  }

  /** Runs `fn` and restores the insertion point afterwards. */
  withInsertionPoint<T>(fn: () => T): T {
    const block = this.ipBlock;
    const before = this.ipBefore;
    try {
      return fn();
    } finally {
      this.ipBlock = block;
      this.ipBefore = before;
    }
  }

  // ---- creation -----------------------------------------------------------------------------------------

  /** Creates an operation and inserts it at the insertion point (if any). */
  create(init: OperationInit | OperationState): Operation {
    const op = Operation.create(this.context, 'loc' in init && init.loc ? init : { ...init, loc: this.loc });
    return this.insert(op);
  }

  /** Inserts a detached operation at the insertion point. */
  insert(op: Operation): Operation {
    const block = this.ipBlock;
    if (block !== undefined) {
      block.insertBefore(op, this.ipBefore);
      this.listener?.onOperationInserted?.(op);
    }
    return op;
  }

  /** Creates a block at the end of `region` (or before `before`) and moves the insertion point to its end. */
  createBlock(region: Region, argTypes: readonly Type[] = [], argLocs?: readonly Location[], before: Block | null = null): Block {
    const b = new Block(argTypes, argLocs);
    region.insertBefore(b, before);
    this.listener?.onBlockInserted?.(b);
    this.setInsertionPointToEnd(b);
    return b;
  }

  /** Clones `op` at the insertion point. */
  clone(op: Operation, mapping?: import('./ir-mapping.js').IRMapping): Operation {
    return this.insert(op.clone(mapping));
  }

  // ---- types --------------------------------------------------------------------------------------------

  integerType(width: number): IntegerType {
    return IntegerType.get(this.context, width);
  }
  get i1(): IntegerType {
    return IntegerType.get(this.context, 1);
  }
  get i8(): IntegerType {
    return IntegerType.get(this.context, 8);
  }
  get i16(): IntegerType {
    return IntegerType.get(this.context, 16);
  }
  get i32(): IntegerType {
    return IntegerType.get(this.context, 32);
  }
  get i64(): IntegerType {
    return IntegerType.get(this.context, 64);
  }
  get index(): IndexType {
    return IndexType.get(this.context);
  }
  get f16(): FloatType {
    return FloatType.get(this.context, 'f16');
  }
  get f32(): FloatType {
    return FloatType.get(this.context, 'f32');
  }
  get f64(): FloatType {
    return FloatType.get(this.context, 'f64');
  }
  get none(): NoneType {
    return NoneType.get(this.context);
  }
  functionType(inputs: readonly Type[], results: readonly Type[]): FunctionType {
    return FunctionType.get(this.context, inputs, results);
  }

  // ---- attributes ---------------------------------------------------------------------------------------

  integerAttr(type: Type, value: bigint | number): IntegerAttr {
    return IntegerAttr.get(this.context, type, value);
  }
  i64Attr(value: bigint | number): IntegerAttr {
    return IntegerAttr.get(this.context, this.i64, value);
  }
  indexAttr(value: bigint | number): IntegerAttr {
    return IntegerAttr.get(this.context, this.index, value);
  }
  boolAttr(value: boolean): IntegerAttr {
    return IntegerAttr.getBool(this.context, value);
  }
  floatAttr(type: FloatType, value: number): FloatAttr {
    return FloatAttr.get(this.context, type, value);
  }
  stringAttr(value: string): StringAttr {
    return StringAttr.get(this.context, value);
  }
  unitAttr(): UnitAttr {
    return UnitAttr.get(this.context);
  }
  typeAttr(type: Type): TypeAttr {
    return TypeAttr.get(this.context, type);
  }
  arrayAttr(elements: readonly Attribute[]): ArrayAttr {
    return ArrayAttr.get(this.context, elements);
  }
  dictionaryAttr(entries: Record<string, Attribute>): DictionaryAttr {
    return DictionaryAttr.get(this.context, Object.entries(entries).map(([name, value]) => ({ name, value })));
  }
  symbolRefAttr(root: string, nested: readonly string[] = []): SymbolRefAttr {
    return SymbolRefAttr.get(this.context, root, nested);
  }
}
