// gpu.printf (device-side printing for debugging) and gpu.set_default_device (the host picks a GPU).
import { AnyFloat, AnyInteger, AnyOf, I32, Index, StrAttr, Variadic, defineOp } from '@tlir/ir';
import { MemWrite } from '@tlir/rewrite';

export const PrintfOp = defineOp('gpu.printf', {
  summary: 'Device-side printf, as in CUDA or OpenCL, for debugging',
  description: `
\`gpu.printf\` takes a literal format string \`format\` and an arbitrary number of scalar arguments that should be
printed. The format string is a C-style printf string, subject to any restrictions imposed by one's target platform.

\`\`\`mlir
gpu.printf "Hello from %d\\n", %tid : index
\`\`\`

The interpreter formats the conversions \`%d %i %u %x %X %o %c %f %F %e %E %g %G %%\` as C does (with flags, width
and precision) and hands the text to the printer it was given (stdout by default).
`,
  operands: { args: Variadic(AnyOf([AnyInteger, Index, AnyFloat], 'integer or index or floating-point')) },
  properties: { format: StrAttr },
  traits: [MemWrite],
  assemblyFormat: '$format attr-dict (`,` $args^ `:` type($args))?',
});

export const SetDefaultDeviceOp = defineOp('gpu.set_default_device', {
  summary: 'Set default GPU for operations after this by index',
  description: `
Operation that sets the current default GPU, using a zero-based index into the set of GPUs on the system. The
default GPU setting may be thread-local. The interpreter has one device, 0.

\`\`\`mlir
gpu.set_default_device %c0_i32
\`\`\`
`,
  operands: { devIndex: I32 },
  traits: [MemWrite],
  assemblyFormat: 'attr-dict $devIndex',
});
