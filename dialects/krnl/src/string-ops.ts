// Operations on run-time strings (`!krnl.string`): length, comparison, and the lookup in a perfect hash table that
// onnx-mlir's category mapper uses. They have no custom form.
import { AnyOf, I32, I64, Index, MemRefOf, Pure, defineOp } from '@tlir/ir';
import { StringType } from './krnl-types.js';

/** `"krnl.strlen"(%s) : (!krnl.string) -> i64`. */
export const StrlenOp = defineOp('krnl.strlen', {
  summary: 'Compute the length of a string.',
  description: `
Computes the length of a string. There is no custom form.

\`\`\`mlir
%n = "krnl.strlen"(%s) : (!krnl.string) -> i64
\`\`\`
`,
  operands: { str: StringType },
  results: { res: I64 },
  traits: [Pure],
});

/** `"krnl.strncmp"(%a, %b, %n) : (!krnl.string, !krnl.string, i64) -> i32`. */
export const StrncmpOp = defineOp('krnl.strncmp', {
  summary: 'Perform string comparison up to N bytes.',
  description: `
Compares two strings up to \`len\` bytes, as C's \`strncmp\`: negative, zero or positive. There is no custom form.

\`\`\`mlir
%c = "krnl.strncmp"(%a, %b, %n) : (!krnl.string, !krnl.string, i64) -> i32
\`\`\`
`,
  operands: { str1: StringType, str2: StringType, len: I64 },
  results: { res: I32 },
  traits: [Pure],
});

/** `"krnl.find_index"(%key, %G, %V, %len) : (i64, memref<10xi32>, memref<10xi32>, i32) -> index`. */
export const FindIndexOp = defineOp('krnl.find_index', {
  summary: 'Retrieve an index into a perfect hash table described by G and V.',
  description: `
Given the two arrays \`G\` and \`V\` of a perfect hash table of \`len\` entries representing a dictionary, returns the
index of the entry of \`input\` (a string or a 64-bit integer). The index is valid only if \`input\` is in the
dictionary. \`G\` and \`V\` are constant tables, so the op is pure. There is no custom form.

\`\`\`mlir
%i = "krnl.find_index"(%key, %G, %V, %len) : (i64, memref<10xi32>, memref<10xi32>, i32) -> index
\`\`\`
`,
  operands: { input: AnyOf([StringType, I64]), G: MemRefOf([I32]), V: MemRefOf([I32]), len: I32 },
  results: { index: Index },
  traits: [Pure],
});
