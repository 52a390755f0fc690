// The cf dialect's implementations for the reference interpreter (docs/interpreter.md): branches transfer control
// to a block of the same region with the values for its arguments; an assertion that fails is a runtime error.
import { IntegerType } from '@tlir/ir';
import { ControlTransfer, fault, type InterpreterRegistry } from '@tlir/interpreter';
import { AssertOp } from '../assert-op.js';
import { BranchOp } from '../branch-op.js';
import { CondBranchOp } from '../cond-branch-op.js';
import { SwitchOp } from '../switch-op.js';

/** Registers the implementations of the cf ops. */
export function registerCfInterpreter(registry: InterpreterRegistry): InterpreterRegistry {
  registry.registerImpl(BranchOp, (op, operands) => ControlTransfer.branch(op.dest, operands));
  registry.registerImpl(CondBranchOp, (op, [condition, ...rest]) => {
    const nTrue = op.trueDestOperands.length;
    return condition ? ControlTransfer.branch(op.trueDest, rest.slice(0, nTrue)) : ControlTransfer.branch(op.falseDest, rest.slice(nTrue));
  });
  registry.registerImpl(SwitchOp, (op, [flag, ...rest]) => {
    const width = (op.flag.type as IntegerType).width;
    const key = BigInt.asUintN(width, BigInt(flag as number | bigint));
    const values = op.case_values;
    const dests = op.caseDestinations;
    const nDefault = op.defaultOperands.length;
    const segments = op.case_operand_segments.values;
    let start = nDefault;
    for (let i = 0; i < dests.length; i++) {
      const n = Number(segments[i] ?? 0);
      if (values && BigInt.asUintN(width, BigInt(values.at(i))) === key) return ControlTransfer.branch(dests[i]!, rest.slice(start, start + n));
      start += n;
    }
    return ControlTransfer.branch(op.defaultDestination, rest.slice(0, nDefault));
  });
  registry.registerImpl(AssertOp, (op, [condition]) => {
    if (!condition) fault(`assertion failed: ${op.msg.value}`);
    return [];
  });
  return registry;
}
