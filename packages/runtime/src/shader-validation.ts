/**
 * Compiles WGSL on a device and reports what the compiler said: createShaderModule inside validation and
 * internal error scopes, then getCompilationInfo. Each message becomes a diagnostic at the kernel source
 * position the WGSL line was generated from (the manifest's source map), with a note showing the WGSL line;
 * a message on a line the map does not reach is reported at the WGSL line itself.
 */
import { Diagnostic, FileLineColLoc, UnknownLoc, type Location, type Severity, type SourceManager } from '@tlir/ir';
import { GpuRuntimeError } from './runtime-error.js';
import type { WgslSourceMap } from './wgsl-source-map.js';

export interface WgslContext {
  readonly sourceMap: WgslSourceMap;
  /** The name of the WGSL text in messages (its file name). */
  readonly wgslFile: string;
  /** Holds the WGSL text (under wgslFile) and any kernel sources, for source lines under messages. */
  readonly sources: SourceManager;
}

export interface CompiledShader {
  readonly module: GPUShaderModule;
  /** Warnings and remarks of the compiler (errors are thrown). */
  readonly diagnostics: readonly Diagnostic[];
}

const severities: Readonly<Record<GPUCompilationMessageType, Severity>> = { error: 'error', warning: 'warning', info: 'remark' };

/** A diagnostic for one message of the WGSL compiler, located in the kernel source when the map reaches it. */
export function diagnosticForWgslMessage(
  message: { type: GPUCompilationMessageType; message: string; lineNum: number; linePos: number },
  context: WgslContext,
): Diagnostic {
  const severity = severities[message.type] ?? 'error';
  if (message.lineNum <= 0) return new Diagnostic(severity, UnknownLoc.instance, `WGSL: ${message.message}`);
  const wgslLoc = new FileLineColLoc(context.wgslFile, message.lineNum, Math.max(1, message.linePos));
  const kernelLoc: Location | undefined = context.sourceMap.locate(message.lineNum);
  if (!kernelLoc) return new Diagnostic(severity, wgslLoc, message.message);
  return new Diagnostic(severity, kernelLoc, message.message).attachNote(wgslLoc, 'in the WGSL generated from here');
}

/** Compiles `wgsl`; throws a GpuRuntimeError of kind 'shader' with every error the compiler reported. */
export async function compileWgsl(device: GPUDevice, wgsl: string, context: WgslContext): Promise<CompiledShader> {
  device.pushErrorScope('internal');
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code: wgsl, label: context.wgslFile });
  const validation = await device.popErrorScope();
  const internal = await device.popErrorScope();
  const info = await module.getCompilationInfo();
  const diagnostics = info.messages.map((m) => diagnosticForWgslMessage(m, context));
  const compilerFailed = diagnostics.some((d) => d.severity === 'error');
  // A scope error with no compiler message to show (an internal error, a message without a line).
  const scopeErrors = compilerFailed
    ? []
    : [validation, internal].flatMap((e) =>
        e ? [new Diagnostic('error', new FileLineColLoc(context.wgslFile, 1, 1), `the WGSL does not compile: ${firstLine(e.message)}`)] : [],
      );
  if (compilerFailed || scopeErrors.length > 0) {
    throw new GpuRuntimeError('shader', [...diagnostics.filter((d) => d.severity !== 'remark'), ...scopeErrors], context.sources);
  }
  return { module, diagnostics };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
