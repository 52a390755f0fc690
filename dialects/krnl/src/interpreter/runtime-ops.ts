// The runtime ops of krnl in the interpreter: krnl.print and krnl.print_tensor write to the output the host gives,
// krnl.call calls the external functions the host gives, instrumentation points and entry points do nothing;
// krnl.vector_type_cast is reported (no vector values).
import type { Operation, ViewOf } from '@tlir/ir';
import { fault, printfArgument, rowMajorIndices, type MemrefView, type RuntimeValue } from '@tlir/interpreter';
import type { CallOp, PrintOp, PrintTensorOp } from '../runtime-ops.js';
import { formatKrnlPrint } from './printf-format.js';

/** What the host gives the krnl implementations. */
export interface KrnlInterpreterOptions {
  /** Where krnl.print and krnl.print_tensor write (default: the process's standard output, or the console). */
  readonly write?: (text: string) => void;
  /** The functions krnl.call may call, by `funcName`: they get the parameters (outputs first) and return nothing. */
  readonly externalFunctions?: Readonly<Record<string, (parameters: readonly RuntimeValue[]) => void>>;
}

/** The default output: stdout under Node, the console elsewhere. */
export function defaultWrite(text: string): void {
  const stdout = (globalThis as { process?: { stdout?: { write(s: string): unknown } } }).process?.stdout;
  if (stdout) stdout.write(text);
  else console.log(text.replace(/\n$/, ''));
}


export function print(op: ViewOf<typeof PrintOp>, [value]: readonly RuntimeValue[], write: (text: string) => void): void {
  if (value !== undefined && typeof value === 'object') fault(`${op.op.name} of ${value.describe()}: print a memref with krnl.print_tensor`);
  const argument = value === undefined ? undefined : typeof value === 'string' ? { kind: 'string' as const, value } : printfArgument(op.op.getOperand(0).type, value, op.op.name);
  write(formatKrnlPrint(op.format.value, argument));
}

/** `32x16xf32` */
function compactType(view: MemrefView): string {
  return [...view.sizes, String(view.elementType)].join('x');
}

/**
 * krnl.print_tensor: `msg` with `%s` replaced by the signature (shape, element type, strides, offset), `%t` by the
 * compact type, `%d` by the elements in row-major order; `%s%d` when it has none; a newline at the end unless the
 * only request is `%t`.
 */
export function printTensor(op: ViewOf<typeof PrintTensorOp>, [m]: readonly RuntimeValue[], write: (text: string) => void): void {
  const view = m as MemrefView;
  let msg = op.msg.value;
  if (!/%[std]/.test(msg)) msg += '%s%d';
  const data = (): string => {
    const values: string[] = [];
    rowMajorIndices(view.sizes, (idx) => values.push(String(view.load(idx))));
    return values.join(' ');
  };
  const out = msg.replace(/%([std%])/g, (_m, c: string) =>
    c === 's' ? `memref<${compactType(view)}> strides [${view.strides.join(', ')}] offset ${view.offset}` : c === 't' ? compactType(view) : c === 'd' ? data() : '%',
  );
  write(/%[sd]/.test(msg) ? `${out}\n` : out);
}

export function call(op: ViewOf<typeof CallOp>, parameters: readonly RuntimeValue[], functions: KrnlInterpreterOptions['externalFunctions']): void {
  const name = op.funcName.value;
  const f = functions?.[name] ?? fault(`${op.op.name} of the external function '${name}': the host gave the interpreter no such function`);
  f(parameters);
}

/**
 * krnl.vector_type_cast: the interpreter has no vector values (packages/interpreter keeps scalars, memrefs of
 * scalars and dialect objects), so a memref of vectors cannot be made.
 */
export function vectorTypeCast(op: Operation): never {
  return fault(`${op.name} cannot be interpreted: the interpreter has no vector values (memrefs of vectors)`);
}
