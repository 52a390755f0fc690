// Ops of workgroup count regions and dispatch bodies that stand for the workload (IREE's
// flow.dispatch.workgroup_count_from_slice, flow.dispatch.workgroup_count_from_dag_root and
// flow.dispatch.workload.ordinal).
import { Index, IndexAttr, Pure, SameAs, Variadic, defineOp } from '@tlir/ir';

const INTERPRETER_COUNT = `
In the reference interpreter the count is the workload itself: x, y and z are the first three operands (1 for each
one missing; operands after the third multiply into z). A body that distributes its work with
\`flow.dispatch.workgroup.id\` and \`count\` is correct for any count.`;

export const DispatchWorkgroupCountFromSliceOp = defineOp('flow.dispatch.workgroup_count_from_slice', {
  summary: 'Place holder to signify default workgroup count calculation.',
  description: `
The default computation of the number of workgroups (or workgroup count) assumes that the dispatch + captured values
is enough to compute the workgroup count. It does so by using a program slice of the values within the dispatch that
represent the number of workgroups when available within the dispatch. Currently the arguments of index types
captured by the \`flow.dispatch.workgroups\` is treated as the workload for the operation; the leaves of the slice
that computes the workgroup count are these captured values (marked by \`flow.dispatch.workload.ordinal\`).
${INTERPRETER_COUNT}

\`\`\`mlir
%x, %y, %z = flow.dispatch.workgroup_count_from_slice %w0, %w1
\`\`\`
`,
  operands: { operands: Variadic(Index) },
  results: { x: Index, y: Index, z: Index },
  traits: [Pure],
  assemblyFormat: 'attr-dict $operands',
});

export const DispatchWorkgroupCountFromDagRootOp = defineOp('flow.dispatch.workgroup_count_from_dag_root', {
  summary: 'Workgroup count computed based on iteration range of the root of the DAG for ops within the dispatch.',
  description: `
When using tile + distribution of the root of the DAG (Directed Acyclic Graph) of ops within the dispatch to split
the work amongst workgroups. The workload captured is the size of the iteration space of the root of the DAG. This
op represents the computation that given the workload returns the number of workgroups to use. The backends are
responsible for lowering this op into actual computation (typically based on the tile sizes used to tile and
distribute the root of the DAG).
${INTERPRETER_COUNT}

\`\`\`mlir
%x, %y, %z = flow.dispatch.workgroup_count_from_dag_root %w0, %w1
\`\`\`
`,
  operands: { operands: Variadic(Index) },
  results: { x: Index, y: Index, z: Index },
  traits: [Pure],
  assemblyFormat: 'attr-dict $operands',
});

export const DispatchWorkloadOrdinalOp = defineOp('flow.dispatch.workload.ordinal', {
  summary: 'Annotates the values captured as workload within the body of `flow.dispatch.workgroups` op.',
  description: `
The arguments that represent the captured/returned values of the \`flow.dispatch.workgroups\`, i.e. the signature of
the body of the op is not preserved during IREE's compilation. Since the workloads are derived from the operands
captured by the operation, this op denotes the values captured as workloads (\`ordinal\` is the position in the
workload). This can be used in the backends to map back to the workload values while materializing the workgroup
count computation. Its result is its operand.

\`\`\`mlir
%n = flow.dispatch.workload.ordinal %arg3, 0 : index
\`\`\`
`,
  operands: { operand: Index },
  results: { result: SameAs('operand') },
  properties: { ordinal: IndexAttr },
  traits: [Pure],
  assemblyFormat: 'attr-dict $operand `,` $ordinal `:` type($operand)',
  verify(o) {
    if (o.ordinal.value >= 0n) return true;
    o.op.emitOpError(`ordinal must be non-negative, got ${o.ordinal.value}`);
    return false;
  },
});
