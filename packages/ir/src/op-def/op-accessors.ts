import type { Attribute } from '../attribute.js';
import type { Block } from '../block.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import type { OpResult, Value } from '../value.js';
import { OPERAND_SEGMENT_SIZES, RESULT_SEGMENT_SIZES, type OpDeclaration } from './op-declaration.js';
import { segmentSizes } from './op-verifier.js';

/**
 * Reads the groups of a declared op out of an operation: the values of operand group `g`, ... One instance per
 * definition; the methods allocate only the arrays they return.
 */
export class OpAccessors {
  private readonly range: [number, number] = [0, 0];

  constructor(readonly decl: OpDeclaration) {}

  private operandRange(op: Operation, g: number): [number, number] {
    const segments = this.decl.operandSegments ? segmentSizes(op, OPERAND_SEGMENT_SIZES) : undefined;
    this.decl.groupRange('operand', g, op.operandValues.length, segments, this.range);
    return this.range;
  }

  private resultRange(op: Operation, g: number): [number, number] {
    const segments = this.decl.resultSegments ? segmentSizes(op, RESULT_SEGMENT_SIZES) : undefined;
    this.decl.groupRange('result', g, op.numResults, segments, this.range);
    return this.range;
  }

  /** The values of operand group `g`. */
  operands(op: Operation, g: number): Value[] {
    const [start, count] = this.operandRange(op, g);
    const values = op.operandValues;
    const out = new Array<Value>(count);
    for (let i = 0; i < count; i++) out[i] = values[start + i]!;
    return out;
  }

  /** The value of a single or optional operand group (undefined when an optional one is absent). */
  operand(op: Operation, g: number): Value | undefined {
    const [start, count] = this.operandRange(op, g);
    return count ? op.operandValues[start]! : undefined;
  }

  results(op: Operation, g: number): OpResult[] {
    const [start, count] = this.resultRange(op, g);
    const out = new Array<OpResult>(count);
    for (let i = 0; i < count; i++) out[i] = op.getResult(start + i);
    return out;
  }

  result(op: Operation, g: number): OpResult | undefined {
    const [start, count] = this.resultRange(op, g);
    return count ? op.getResult(start) : undefined;
  }

  regions(op: Operation, g: number): Region[] {
    this.decl.regionRange(g, op.regions.length, this.range);
    return op.regions.slice(this.range[0], this.range[0] + this.range[1]);
  }

  region(op: Operation, g: number): Region | undefined {
    return op.regions[g];
  }

  successors(op: Operation, g: number): Block[] {
    this.decl.successorRange(g, op.successorUses.length, this.range);
    const out: Block[] = [];
    for (let i = this.range[0]; i < this.range[0] + this.range[1]; i++) out.push(op.successorUses[i]!.block);
    return out;
  }

  successor(op: Operation, g: number): Block | undefined {
    return op.successorUses[g]?.block;
  }

  property(op: Operation, p: number): Attribute | undefined {
    return op.getProperty(this.decl.properties[p]!.name);
  }
}
