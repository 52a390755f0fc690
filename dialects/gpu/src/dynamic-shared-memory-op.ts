import { I8, MemRefRankOf, MemRefType, Pure, SymbolTableTrait, defineOp } from '@tlir/ir';
import { AddressSpaceAttr } from './gpu-attributes.js';

/** Whether the memref is in `#gpu.address_space<workgroup>` (mlir-opt 22 does not take the integer space 3 here). */
function isWorkgroupSpace(t: MemRefType): boolean {
  const ms = t.memorySpace;
  return ms !== undefined && AddressSpaceAttr.is(ms) && ms.value === 'workgroup';
}

/**
 * `%m = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>`: the workgroup memory a launch's
 * `dynamic_shared_memory_size` gives, as bytes (MLIR 22's `gpu.dynamic_shared_memory`).
 */
export const DynamicSharedMemoryOp = defineOp('gpu.dynamic_shared_memory', {
  summary: 'Get the memref for dynamic shared memory',
  description: `
This operation provides a memref pointer to the start of dynamic shared memory, often referred to as workgroup
memory. It is important to note that this dynamic shared memory needs to be allocated at kernel launch
(\`dynamic_shared_memory_size\` of \`gpu.launch\` or \`gpu.launch_func\`). The memref is a 1-D dynamic memref of bytes in
the workgroup address space; typed views of it are taken with \`memref.view\`.

\`\`\`mlir
%0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
%1 = memref.view %0[%c8192][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x64xf32, #gpu.address_space<workgroup>>
\`\`\`
`,
  results: { resultMemref: MemRefRankOf([I8], [1]) },
  traits: [Pure],
  assemblyFormat: 'attr-dict `:` type($resultMemref)',
  verify(d) {
    const op = d.op;
    let p = op.parentOp;
    while (p && !p.hasTrait(SymbolTableTrait)) p = p.parentOp;
    if (!p) {
      op.emitOpError('must be inside an op with symbol table');
      return false;
    }
    const t = d.resultMemref.type as MemRefType;
    if (!isWorkgroupSpace(t)) {
      op.emitOpError('address space must be address_space<workgroup>');
      return false;
    }
    if (t.hasStaticShape) {
      op.emitOpError('result memref type must be memref<?xi8, #gpu.address_space<workgroup>>');
      return false;
    }
    return true;
  },
});
