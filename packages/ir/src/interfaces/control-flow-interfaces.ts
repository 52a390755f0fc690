import { defineOpInterface } from '../op-def/op-interface.js';
import type { Operation } from '../operation.js';
import type { Region } from '../region.js';
import { ReturnLike } from '../traits.js';
import type { Value } from '../value.js';

/** Where control goes from a region branch point: into one of the op's regions, or back out to the op itself. */
export type RegionSuccessor = Region | 'parent';

/**
 * An op whose regions it runs itself, in an order it describes (MLIR's RegionBranchOpInterface): scf.if, scf.for,
 * scf.while. A branch point is the op itself (entering it) or a terminator of one of its regions; each branch
 * point has successors, and the values it passes must match the successor's inputs in number and type.
 */
export interface RegionBranchOpMethods {
  /**
   * The successors of a branch point: `from` is undefined for the op itself, else the terminator control leaves a
   * region through. The order is the order the verifier checks the edges in (MLIR's getSuccessorRegions).
   */
  getSuccessorRegions(op: Operation, from: Operation | undefined): readonly RegionSuccessor[];
  /** The values the op passes to `successor` when it is entered (none when left out). */
  getEntrySuccessorOperands?(op: Operation, successor: RegionSuccessor): readonly Value[];
  /** The values `successor` receives: arguments of a region's entry block, or results of the op. */
  getSuccessorInputs(op: Operation, successor: RegionSuccessor): readonly Value[];
}

/**
 * The verification of MLIR's RegionBranchOpInterface (verifyTypesAlongControlFlowEdges): for each branch point (the
 * op, then the region terminators in order) and each of its successors, the operands passed match the inputs.
 */
export const RegionBranchOpInterface = defineOpInterface<RegionBranchOpMethods>('RegionBranchOpInterface', {
  verifyRegions: verifyRegionBranchOp,
});

/** A terminator that passes values to a region branch successor (MLIR's RegionBranchTerminatorOpInterface). */
export interface RegionBranchTerminatorOpMethods {
  /** The operands passed to `successor` (a `ReturnLike` op without this interface passes all its operands). */
  getSuccessorOperands(op: Operation, successor: RegionSuccessor): readonly Value[];
}

export const RegionBranchTerminatorOpInterface = defineOpInterface<RegionBranchTerminatorOpMethods>('RegionBranchTerminatorOpInterface');

/** The methods of `op` as a region branch terminator, or undefined when it is not one (ReturnLike ops are). */
function terminatorMethods(op: Operation): RegionBranchTerminatorOpMethods | undefined {
  return RegionBranchTerminatorOpInterface.get(op) ?? (op.hasTrait(ReturnLike) ? RETURN_LIKE : undefined);
}

const RETURN_LIKE: RegionBranchTerminatorOpMethods = { getSuccessorOperands: (op) => op.operands };

/** The operands a region branch point passes to `successor`. */
export function getRegionBranchSuccessorOperands(
  op: Operation,
  methods: RegionBranchOpMethods,
  from: Operation | undefined,
  successor: RegionSuccessor,
): readonly Value[] {
  if (from === undefined) return methods.getEntrySuccessorOperands?.(op, successor) ?? [];
  return terminatorMethods(from)?.getSuccessorOperands(from, successor) ?? [];
}

function verifyRegionBranchOp(op: Operation, methods: RegionBranchOpMethods): boolean {
  const points: (Operation | undefined)[] = [undefined];
  for (const region of op.regions) {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const last = b.lastOp;
      if (last && terminatorMethods(last)) points.push(last);
    }
  }
  for (const from of points) {
    for (const successor of methods.getSuccessorRegions(op, from)) {
      const operands = getRegionBranchSuccessorOperands(op, methods, from, successor);
      const inputs = methods.getSuccessorInputs(op, successor);
      const edgeError = (detail: string): false => {
        const source = from ? `Operation ${from.name}` : 'parent';
        const target = successor === 'parent' ? 'parent' : `Region #${successor.index}`;
        op.emitOpError(`along control flow edge from ${source} to ${target}: ${detail}`).attachNote((from ?? op).loc, 'region branch point');
        return false;
      };
      if (operands.length !== inputs.length) {
        return edgeError(`region branch point has ${operands.length} operands, but region successor needs ${inputs.length} inputs`);
      }
      for (let i = 0; i < operands.length; i++) {
        const a = operands[i]!.type;
        const b = inputs[i]!.type;
        if (a !== b) return edgeError(`successor operand type #${i} '${a}' should match successor input type #${i} '${b}'`);
      }
    }
  }
  return true;
}

/**
 * A terminator that branches to successor blocks and passes them values (MLIR's BranchOpInterface): cf.br,
 * cf.cond_br, cf.switch. Each successor receives a contiguous range of the op's operands as its block arguments.
 */
export interface BranchOpMethods {
  /** Where the operands passed to successor `index` start among the op's operands, and how many there are. */
  getSuccessorOperandRange(op: Operation, index: number): readonly [start: number, count: number];
  /** Erases operand `i` of those passed to successor `index` (and updates the op's operand groups). */
  eraseSuccessorOperand(op: Operation, index: number, i: number): void;
  /**
   * Appends `values` to the operands passed to successor `index` (and updates the op's operand groups). Optional:
   * without it, transformations that add block arguments (block merging) leave the op's successors alone.
   */
  appendSuccessorOperands?(op: Operation, index: number, values: readonly Value[]): void;
}

/**
 * MLIR's BranchOpInterface verification (verifyBranchSuccessorOperands): for each successor, the operands passed
 * match its block arguments in number and type.
 */
export const BranchOpInterface = defineOpInterface<BranchOpMethods>('BranchOpInterface', {
  verify(op, methods) {
    const n = op.numSuccessors;
    for (let s = 0; s < n; s++) {
      const [start, count] = methods.getSuccessorOperandRange(op, s);
      const dest = op.getSuccessor(s);
      if (count !== dest.numArguments) {
        op.emitError(`branch has ${count} operands for successor #${s}, but target block has ${dest.numArguments}`);
        return false;
      }
      for (let i = 0; i < count; i++) {
        if (op.getOperand(start + i).type !== dest.args[i]!.type) {
          op.emitError(`type mismatch for bb argument #${i} of successor #${s}`);
          return false;
        }
      }
    }
    return true;
  },
});

/** The values `op` (a BranchOpInterface op) passes to its successor `index`. */
export function getSuccessorOperands(op: Operation, index: number): Value[] {
  const methods = BranchOpInterface.get(op);
  if (!methods) return [];
  const [start, count] = methods.getSuccessorOperandRange(op, index);
  const out: Value[] = [];
  for (let i = 0; i < count; i++) out.push(op.getOperand(start + i));
  return out;
}
