// The device mapping attributes of the gpu dialect (MLIR's GPUDeviceMappingAttr.td): where the iterations of a
// parallel loop go (`scf.forall ... {mapping = [#gpu.thread<x>, #gpu.block<y>]}`), and the memory a buffer is
// promoted to; and `#gpu.select_object`, the offloading handler of a gpu.module.
import { AttrParameter, DialectAttribute, EnumParameter, IntegerAttr, OpaqueAttr, OptionalParameter, defineAttribute } from '@tlir/ir';
import { ADDRESS_SPACES } from './gpu-attributes.js';

/** The dimensions a loop may be mapped to: x, y, z, or one of ten linearized dimensions. */
export const MAPPING_IDS = ['x', 'y', 'z', ...Array.from({ length: 10 }, (_, i) => `linear_dim_${i}` as const)] as const;
export type MappingId = (typeof MAPPING_IDS)[number];

const MappingIdParameter = EnumParameter('::mlir::gpu::MappingId', MAPPING_IDS);

function mappingAttr<const N extends string>(name: N, what: string) {
  return defineAttribute(`gpu.${name}`, {
    summary: `${what} mapping attribute`,
    description:
      `\`#gpu.${name}<x>\`: iterations of a parallel loop (\`scf.forall\`'s \`mapping\`) are spread over the ${what}s ` +
      'of the launch along x, y or z, or along one of the linearized dimensions `linear_dim_0` ... `linear_dim_9`.',
    parameters: { mappingId: MappingIdParameter },
    ods: { record: `GPU${what[0]!.toUpperCase()}${what.slice(1)}MappingAttr`, parameterNames: { mappingId: name } },
    assemblyFormat: '`<` $mappingId `>`',
  });
}

export const ThreadMappingAttr = mappingAttr('thread', 'thread');
export const BlockMappingAttr = mappingAttr('block', 'block');
export const WarpMappingAttr = mappingAttr('warp', 'warp');
export const WarpgroupMappingAttr = mappingAttr('warpgroup', 'warpgroup');
export const LaneMappingAttr = mappingAttr('lane', 'lane');

/** `#gpu.memory_space<workgroup>`: the memory a buffer of a mapped loop is promoted to. */
export const MemorySpaceMappingAttr = defineAttribute('gpu.memory_space', {
  summary: 'memory space mapping attribute',
  description: '`#gpu.memory_space<workgroup>`: the memory (`global`, `workgroup` or `private`) a buffer is promoted to.',
  parameters: { addressSpace: EnumParameter('::mlir::gpu::AddressSpace', ADDRESS_SPACES) },
  ods: { record: 'GPUMemorySpaceMappingAttr', parameterNames: { addressSpace: 'address_space' } },
  assemblyFormat: '`<` $addressSpace `>`',
});

/**
 * `#gpu.select_object<1 : i64>`: the offloading handler that picks an object of a binary, by index or target
 * (`#gpu.select_object` without one: the first object).
 */
export const SelectObjectAttr = defineAttribute('gpu.select_object', {
  summary: 'Selects an object of a GPU binary',
  description:
    '`#gpu.select_object<target>`: which object of a `gpu.binary` to embed, by index (`1 : i64`) or by target; ' +
    'without a target, the first.',
  parameters: { target: OptionalParameter(AttrParameter) },
  assemblyFormat: '(`<` $target^ `>`)?',
  verify: ({ target }) => {
    if (target === undefined) return undefined;
    if (target instanceof IntegerAttr) return target.value < 0n ? 'the object index must be positive' : undefined;
    return target instanceof DialectAttribute || target instanceof OpaqueAttr ? undefined : 'the target attribute must be a GPU Target attribute';
  },
});
