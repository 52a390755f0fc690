// The processor a parallel loop is mapped to on a GPU: a tlir extension of krnl (onnx-mlir's krnl.parallel only
// marks loops for OpenMP threads).
import { EnumParameter, defineAttribute } from '@tlir/ir';

/** The processor dimensions a `krnl.parallel` loop may be distributed over. */
export const PROCESSORS = ['workgroup_x', 'workgroup_y', 'workgroup_z', 'workitem_x', 'workitem_y', 'workitem_z'] as const;
export type Processor = (typeof PROCESSORS)[number];

/**
 * `#krnl<processor workitem_x>` (written `workitem_x` in `krnl.parallel`'s custom form): the iterations of a
 * parallel loop are spread over the work-groups of a dispatch (`workgroup_*`, gpu.block_id) or over the work-items
 * of a work-group (`workitem_*`, gpu.thread_id) along x, y or z.
 */
export const ProcessorAttr = defineAttribute('krnl.processor', {
  summary: 'processor dimension of a parallel loop',
  description:
    'Where the iterations of a `krnl.parallel` loop go on a GPU: one work-group per iteration along a dimension of ' +
    'the dispatch grid (`workgroup_x`, `workgroup_y`, `workgroup_z`), or one work-item per iteration along a ' +
    'dimension of the work-group (`workitem_x`, `workitem_y`, `workitem_z`). A tlir extension.',
  parameters: { value: EnumParameter('Processor', PROCESSORS) },
  assemblyFormat: '$value',
});
