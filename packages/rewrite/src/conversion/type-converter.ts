import { FunctionType, type Builder, type Context, type Location, type Operation, type Type, type Value } from '@tlir/ir';

/**
 * One type conversion rule: the converted type, several types (a 1:N conversion), `null` when the type cannot be
 * converted, or undefined when this rule does not apply (the next one is tried).
 */
export type TypeConversion = (type: Type) => Type | readonly Type[] | null | undefined;

/**
 * Builds a value of `resultType` from `inputs` at the builder's insertion point (e.g. a cast op); undefined when
 * it cannot (the next materialization is tried).
 */
export type Materialization = (builder: Builder, resultType: Type, inputs: readonly Value[], loc: Location) => Value | undefined;

/**
 * How the arguments of a block (or the inputs of a signature) are converted: each original input maps to a
 * run of new inputs (1:1, 1:N or dropped), or is replaced by an existing value.
 */
export class SignatureConversion {
  private readonly types: Type[] = [];
  private readonly mapping: ({ start: number; size: number } | { replacement: Value } | undefined)[];

  constructor(readonly numOriginalInputs: number) {
    this.mapping = new Array(numOriginalInputs).fill(undefined);
  }

  /** Appends new inputs of `types` standing for original input `index` (none: the input is dropped). */
  addInputs(index: number, types: readonly Type[]): void {
    if (this.mapping[index] !== undefined) throw new Error(`original input #${index} is already mapped`);
    this.mapping[index] = { start: this.types.length, size: types.length };
    this.types.push(...types);
  }

  /** Appends new inputs that no original input stands for. */
  appendInputs(types: readonly Type[]): void {
    this.types.push(...types);
  }

  /** Replaces original input `index` with an existing value instead of new inputs. */
  remapInput(index: number, value: Value): void {
    if (this.mapping[index] !== undefined) throw new Error(`original input #${index} is already mapped`);
    this.mapping[index] = { replacement: value };
  }

  /** The types of the new inputs, in order. */
  get convertedTypes(): readonly Type[] {
    return this.types;
  }

  /** Where original input `index` went. */
  inputMapping(index: number): { start: number; size: number } | { replacement: Value } | undefined {
    return this.mapping[index];
  }
}

/**
 * Converts types from a source type system to a target one, for dialect conversion (MLIR's TypeConverter):
 * conversion rules (the most recently added is tried first, and the results are cached), and materializations
 * that build values across the two systems where converted and unconverted IR meet: source materializations
 * (converted values back to an original type, for users not converted yet) and target materializations
 * (original values to a converted type, for patterns' operands).
 */
export class TypeConverter {
  private readonly conversions: TypeConversion[] = [];
  private readonly sourceMaterializations: Materialization[] = [];
  private readonly targetMaterializations: Materialization[] = [];
  private readonly cache = new Map<Type, readonly Type[] | null>();

  /** Adds a conversion rule, tried before those added earlier. */
  addConversion(fn: TypeConversion): this {
    this.conversions.push(fn);
    this.cache.clear();
    return this;
  }

  /** Adds a materialization from converted values to an original type (tried before earlier ones). */
  addSourceMaterialization(fn: Materialization): this {
    this.sourceMaterializations.push(fn);
    return this;
  }

  /** Adds a materialization from original values to a converted type (tried before earlier ones). */
  addTargetMaterialization(fn: Materialization): this {
    this.targetMaterializations.push(fn);
    return this;
  }

  /** The types `type` converts to (several for a 1:N conversion, none to drop it), or undefined if it cannot. */
  convertTypeToMany(type: Type): readonly Type[] | undefined {
    let r = this.cache.get(type);
    if (r === undefined) {
      r = null;
      for (let i = this.conversions.length - 1; i >= 0; i--) {
        const c = this.conversions[i]!(type);
        if (c === undefined) continue;
        r = c === null ? null : Array.isArray(c) ? (c as readonly Type[]) : [c as Type];
        break;
      }
      this.cache.set(type, r);
    }
    return r ?? undefined;
  }

  /** The type `type` converts to, or undefined if it cannot be converted to exactly one type. */
  convertType(type: Type): Type | undefined {
    const r = this.convertTypeToMany(type);
    return r?.length === 1 ? r[0] : undefined;
  }

  /** The converted types of `types`, flattened; undefined if one cannot be converted. */
  convertTypes(types: readonly Type[]): Type[] | undefined {
    const out: Type[] = [];
    for (const t of types) {
      const r = this.convertTypeToMany(t);
      if (r === undefined) return undefined;
      out.push(...r);
    }
    return out;
  }

  /** Whether `type` converts to itself. */
  isLegalType(type: Type): boolean {
    const r = this.convertTypeToMany(type);
    return r !== undefined && r.length === 1 && r[0] === type;
  }

  /** Whether the operand and result types of `op` are all legal (a handy dynamic legality rule). */
  isLegal(op: Operation): boolean {
    for (const v of op.operandValues) if (!this.isLegalType(v.type)) return false;
    for (const r of op.results) if (!this.isLegalType(r.type)) return false;
    return true;
  }

  /** Whether a function type's inputs and results are legal. */
  isSignatureLegal(type: FunctionType): boolean {
    return type.inputs.every((t) => this.isLegalType(t)) && type.results.every((t) => this.isLegalType(t));
  }

  /** Whether the argument types of every block of `op`'s regions are legal. */
  hasLegalRegionTypes(op: Operation): boolean {
    for (const r of op.regions) {
      for (let b = r.firstBlock; b !== null; b = b.nextBlock) for (const a of b.args) if (!this.isLegalType(a.type)) return false;
    }
    return true;
  }

  /** The conversion of a list of input types (block arguments, function inputs); undefined if one fails. */
  convertSignatureArgs(types: readonly Type[]): SignatureConversion | undefined {
    const conv = new SignatureConversion(types.length);
    for (let i = 0; i < types.length; i++) {
      const r = this.convertTypeToMany(types[i]!);
      if (r === undefined) return undefined;
      conv.addInputs(i, r);
    }
    return conv;
  }

  /** A function type with converted inputs and results; undefined if one fails. */
  convertFunctionType(type: FunctionType, ctx: Context): FunctionType | undefined {
    const inputs = this.convertTypes(type.inputs);
    const results = this.convertTypes(type.results);
    return inputs && results ? FunctionType.get(ctx, inputs, results) : undefined;
  }

  /** Builds converted values back into `resultType`; undefined when no source materialization can. */
  materializeSourceConversion(builder: Builder, loc: Location, resultType: Type, inputs: readonly Value[]): Value | undefined {
    return this.materialize(this.sourceMaterializations, builder, loc, resultType, inputs);
  }

  /** Builds original values into the converted `resultType`; undefined when no target materialization can. */
  materializeTargetConversion(builder: Builder, loc: Location, resultType: Type, inputs: readonly Value[]): Value | undefined {
    return this.materialize(this.targetMaterializations, builder, loc, resultType, inputs);
  }

  private materialize(fns: Materialization[], builder: Builder, loc: Location, resultType: Type, inputs: readonly Value[]): Value | undefined {
    for (let i = fns.length - 1; i >= 0; i--) {
      const v = fns[i]!(builder, resultType, inputs, loc);
      if (v === undefined) continue;
      if (v.type !== resultType) throw new Error(`a materialization to ${resultType} built a value of type ${v.type}`);
      return v;
    }
    return undefined;
  }
}
