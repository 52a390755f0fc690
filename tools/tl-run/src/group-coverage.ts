// Before launching (--bounds-check): what the host can prove out of bounds from the tensor-language kernel and the
// arguments alone. A view or a group load indexed by group_id directly, on an argument of the kernel, reaches index
// groups - 1 of its mode: with more work-groups than the mode (or the group's members) has, the launch would read or
// write out of bounds (WebGPU clamps it silently). Other indices are left to the checks in the kernel.
import { GroupIdOp, LoadOp, SubviewOp, VALUE } from '@tlir/dialect-tl';
import { BlockArgument, Diagnostic, type Operation, type Value } from '@tlir/ir';
import type { HostArguments } from './host-arguments.js';
import type { KernelSignature } from './kernel-signature.js';

/** Whether `v` is the work-group id itself. */
const isGroupId = (v: Value | undefined): boolean => {
  const def = v?.definingOp;
  return def !== undefined && def !== null && GroupIdOp.is(def);
};

/** The host's sizes of a kernel argument (a memref's shape; a group's members' shape and the member count last). */
function argumentSizes(v: Value, kernel: Operation, signature: KernelSignature, host: HostArguments): { sizes: readonly number[]; name: string; group: boolean } | undefined {
  if (!(v instanceof BlockArgument) || v.owner.parentOp !== kernel) return undefined;
  const p = signature.parameters[v.index];
  const value = p && host.values.get(p.name);
  if (!p || !value || value.kind !== 'array') return undefined;
  return { sizes: value.array.shape, name: p.name, group: p.kind === 'group' };
}

/** The located errors of views and group loads that `host.groups` work-groups would take out of bounds. */
export function groupCoverageProblems(kernel: Operation, signature: KernelSignature, host: HostArguments): Diagnostic[] {
  const groups = host.groups;
  const problems: Diagnostic[] = [];
  // `slack`: how far past group_id the access reaches (a slice's size - 1).
  const fits = (what: string, op: Operation, name: string, mode: string, extent: number, slack: number): void => {
    const reach = groups - 1 + slack;
    if (reach < extent) return;
    problems.push(
      new Diagnostic(
        'error',
        op.loc,
        `${what}: with --groups ${groups}, group_id reaches ${groups - 1}, so this ${what} reaches index ${reach} of ${mode} of '${name}', ` +
          `whose size is ${extent}: at most ${Math.max(0, extent - slack)} work-groups fit (checked before launching; WebGPU would clamp the accesses)`,
      ),
    );
  };
  kernel.walk((op) => {
    const sub = SubviewOp.match(op);
    if (sub) {
      const arg = argumentSizes(sub.operand, kernel, signature, host);
      if (!arg || arg.group) return;
      const offsets = [...sub.static_offsets.values].map(Number);
      const sizes = [...sub.static_sizes.values].map(Number);
      let next = 0;
      offsets.forEach((o, k) => {
        if (o !== VALUE) return;
        const value = sub.offsets[next++];
        const size = sizes[k]!;
        // A single index (size 0) reaches the offset; a static slice reaches offset + size - 1.
        if (!isGroupId(value) || size < 0) return;
        fits('subview', op, arg.name, `mode ${k}`, arg.sizes[k]!, Math.max(0, size - 1));
      });
      return;
    }
    const load = LoadOp.match(op);
    if (load && load.indices.length === 1 && isGroupId(load.indices[0])) {
      const arg = argumentSizes(load.operand, kernel, signature, host);
      if (!arg?.group) return;
      fits('load', op, arg.name, 'the members', arg.sizes[arg.sizes.length - 1]!, 0);
    }
  });
  return problems;
}
