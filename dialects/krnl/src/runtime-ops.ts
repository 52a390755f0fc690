// Calls into the runtime: external functions (krnl.call), the model's entry points, printing, instrumentation,
// random numbers. None of them has a custom form; their effects on the world outside the IR are unknown, except
// where stated.
import {
  AnyFloat,
  AnyMemRef,
  AnyType,
  FlatSymbolRefAttr,
  FunctionOpInterface,
  I32Attr,
  I64Attr,
  Index,
  IntegerAttr,
  IntegerType,
  MemRefType,
  Optional,
  OptionalAttr,
  StrAttr,
  SymbolUserOpInterface,
  Variadic,
  attrConstraint,
  defineOp,
  getFunctionType,
} from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';

const isInt = (a: unknown): boolean => a instanceof IntegerAttr;

/** MLIR's SI64Attr: a 64-bit signed integer attribute (`1 : si64`). */
export const SI64Attr = attrConstraint<IntegerAttr>(
  '64-bit signed integer attribute',
  (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 64 && a.type.signedness === 'signed',
  { storage: isInt, valueType: (ctx) => IntegerType.get(ctx, 64, 'signed') },
);

/** `"krnl.call"(%out, %in) {funcName = "f", numOfOutput = 1 : si64}`: a call of an external function on memrefs. */
export const CallOp = defineOp('krnl.call', {
  summary: 'Call operation',
  description: `
Calls the external function \`funcName\` at krnl level. \`parameters\` are the outputs, then the inputs, already
lowered to memrefs; \`numOfOutput\` says how many of the parameters are outputs (they are written, the others read).
The external function does not allocate or free memory. Other attributes of the op are passed to the function too.
There is no custom form.

\`\`\`mlir
"krnl.call"(%out, %in) {funcName = "omTensorSort", numOfOutput = 1 : si64} : (memref<10xi64>, memref<10xf32>) -> ()
\`\`\`
`,
  operands: { parameters: Variadic(AnyType) },
  properties: { funcName: StrAttr, numOfOutput: SI64Attr },
  traits: [MemRead, MemWrite],
  verify(c) {
    const n = c.numOfOutput.value;
    if (n < 0n || n > BigInt(c.parameters.length)) {
      c.op.emitOpError(`expects 'numOfOutput' between 0 and the number of parameters (${c.parameters.length}), but got ${n}`);
      return false;
    }
    for (let i = 0; i < Number(n); i++) {
      if (!(c.parameters[i]!.type instanceof MemRefType)) {
        c.op.emitOpError(`expects output parameter #${i} to be a memref, but got '${c.parameters[i]!.type}'`);
        return false;
      }
    }
    return true;
  },
});

/** `"krnl.entry_point"() {func = @main_graph, numInputs = 1 : i32, numOutputs = 1 : i32, signature = "..."}`. */
export const EntryPointOp = defineOp('krnl.entry_point', {
  summary: 'Indicate ONNX entry point',
  description: `
The \`krnl.entry_point\` op indicates a main entry point of the model: the function \`func\` (a function of the nearest
symbol table), with \`numInputs\` arguments and \`numOutputs\` results, and the JSON \`signature\` of its inputs and
outputs. There is no custom form.

\`\`\`mlir
"krnl.entry_point"() {func = @main_graph, numInputs = 1 : i32, numOutputs = 1 : i32, signature = "[in_sig]\\00@[out_sig]\\00"} : () -> ()
\`\`\`
`,
  properties: { func: FlatSymbolRefAttr, numInputs: I32Attr, numOutputs: I32Attr, signature: StrAttr },
  interfaces: [
    SymbolUserOpInterface.implement({
      verifySymbolUses(op, symbolTable) {
        const e = EntryPointOp.wrap(op);
        const fn = symbolTable.lookupNearestSymbolFrom(op, e.func);
        const type = fn && FunctionOpInterface.get(fn) ? getFunctionType(fn) : undefined;
        if (!type) {
          op.emitOpError(`'${e.func.leaf}' does not reference a valid function`);
          return false;
        }
        if (BigInt(type.inputs.length) !== e.numInputs.value || BigInt(type.results.length) !== e.numOutputs.value) {
          op.emitOpError(
            `expects ${e.numInputs.value} inputs and ${e.numOutputs.value} outputs, but '${e.func.leaf}' has ${type.inputs.length} arguments and ${type.results.length} results`,
          );
          return false;
        }
        return true;
      },
    }),
  ],
  verify(e) {
    if (e.numInputs.value < 0n || e.numOutputs.value < 0n) {
      e.op.emitOpError(`expects non-negative 'numInputs' and 'numOutputs', but got ${e.numInputs.value} and ${e.numOutputs.value}`);
      return false;
    }
    return true;
  },
});

/** `"krnl.print"(%x) {format = "x = %f\n"}`: prints a value with a printf-like format. */
export const PrintOp = defineOp('krnl.print', {
  summary: 'Print a value.',
  description: `
Prints the input value with a format string (à la printf). Without an input, prints the format string. There is no
custom form.

\`\`\`mlir
"krnl.print"(%x) {format = "x = %f\\n"} : (f32) -> ()
"krnl.print"() {format = "done\\n"} : () -> ()
\`\`\`
`,
  operands: { input: Optional(AnyType) },
  properties: { format: StrAttr },
});

/** `"krnl.print_tensor"(%m) {msg = "%s%d"}`: prints a memref (signature and data). */
export const PrintTensorOp = defineOp('krnl.print_tensor', {
  summary: 'Print a tensor.',
  description: `
Prints a memref through the runtime. At the beginning of the \`msg\` string, formatting flags may say what to print:
\`%s\` the detailed signature (shape, type, offsets), \`%t\` the compact type (\`32x16xfloat\`), \`%d\` the data values.
Without flags, \`%s%d\` is used. The print ends with a newline, except when only the compact type is requested
(\`%t\`). There is no custom form.

\`\`\`mlir
"krnl.print_tensor"(%m) {msg = "result: %t %d"} : (memref<2x3xf32>) -> ()
\`\`\`
`,
  operands: { input: AnyMemRef },
  properties: { msg: StrAttr },
});

/** `"krnl.runtime_instrument"() {opName = "onnx.Add", tag = 5 : i64}`: an instrumentation point. */
export const RuntimeInstrumentOp = defineOp('krnl.runtime_instrument', {
  summary: 'Instrumentation point.',
  description: `
Invokes the runtime instrumentation utility (timing, memory use) for the op named \`opName\` (\`nodeName\`: the name of
the model's node); \`tag\` says what to record. May be used for debugging. There is no custom form.

\`\`\`mlir
"krnl.runtime_instrument"() {nodeName = "add0", opName = "onnx.Add", tag = 5 : i64} : () -> ()
\`\`\`
`,
  properties: { opName: StrAttr, tag: I64Attr, nodeName: OptionalAttr(StrAttr) },
});

/** `"krnl.random_normal"(%out, %n, %mean, %scale, %seed)`: fills a memref with normally distributed values. */
export const RandomNormalOp = defineOp('krnl.random_normal', {
  summary: 'Generate a random normal tensor.',
  description: `
Fills the first \`numberOfValues\` elements of \`output\`, a memref of floating-point values, with values normally
distributed around \`mean\` with standard deviation \`scale\`, from the random generator seeded with \`seed\`. There
is no custom form.

\`\`\`mlir
"krnl.random_normal"(%out, %c6, %mean, %scale, %seed) : (memref<2x3xf32>, index, f32, f32, f32) -> ()
\`\`\`
`,
  operands: { output: AnyMemRef, numberOfValues: Index, mean: AnyFloat, scale: AnyFloat, seed: AnyFloat },
  traits: [MemWrite],
  verify(r) {
    const t = r.output.type as MemRefType;
    if (!AnyFloat.check(t.elementType)) {
      r.op.emitOpError(`expects 'output' to be a memref of floating-point values, but got '${t}'`);
      return false;
    }
    return true;
  },
});
