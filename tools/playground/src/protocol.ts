// The messages between the page and its compiler worker. Everything that crosses is plain data (structured clone):
// text, numbers, arrays; never HTML.
import type { LocatedText } from './ir-text.js';

export type InputLanguage = 'tl' | 'mlir';

/** A diagnostic as the page shows it: tl-opt's rendering, and where it points in the editor's text. */
export interface PageDiagnostic {
  readonly severity: 'error' | 'warning' | 'remark' | 'note';
  readonly message: string;
  /** 1-based; 0 when the diagnostic is not located in the input. */
  readonly line: number;
  readonly column: number;
  /** As tl-opt prints it (`file:line:col: error: ...`, the source line, a caret, its notes). */
  readonly rendered: string;
}

export interface CompileRequest {
  readonly source: string;
  readonly language: InputLanguage;
  readonly filename: string;
  /** The pass pipeline, in tl-opt's `-p` syntax (`builtin.module(lower-to-krnl,lower-to-gpu)`); empty: none. */
  readonly pipeline: string;
}

export interface PassEntry {
  /** `tl-to-krnl`, `cse`, ... */
  readonly argument: string;
  readonly name: string;
  readonly milliseconds: number;
  /** The whole module after the pass. */
  readonly ir: LocatedText;
  /** Whether the text differs from the one before the pass. */
  readonly changed: boolean;
  readonly failed: boolean;
}

export interface WgslKernel {
  readonly name: string;
  readonly wgsl: string;
  /** The manifest as tl-translate --manifest writes it. */
  readonly manifest: string;
}

export interface CompileResult {
  readonly ok: boolean;
  readonly diagnostics: readonly PageDiagnostic[];
  /** The module as parsed (undefined when the input did not parse). */
  readonly input: LocatedText | undefined;
  readonly passes: readonly PassEntry[];
  /** The WGSL of the gpu kernels after the pipeline (empty when there are none). */
  readonly wgsl: readonly WgslKernel[];
  /** Why there is no WGSL, when the module has gpu kernels the translation refused (its diagnostics are above). */
  readonly wgslNote: string | undefined;
  /** From the start of parsing to the end of the WGSL translation. */
  readonly milliseconds: number;
}

/** An option of a pass or pipeline, for the form that writes it into the pipeline text. */
export interface OptionInfo {
  readonly name: string;
  readonly kind: 'boolean' | 'number' | 'string' | 'enum';
  readonly defaultText: string;
  readonly description: string;
  readonly values?: readonly string[];
}

export interface PassInfo {
  readonly argument: string;
  readonly summary: string;
  readonly kind: 'pass' | 'pipeline';
}

export interface WorkerHello {
  readonly passes: readonly PassInfo[];
  readonly lowerToKrnlOptions: readonly OptionInfo[];
}

export interface RunRequest {
  readonly source: string;
  readonly filename: string;
  readonly pipeline: string;
  readonly kernel: string | undefined;
  readonly groups: number | undefined;
  /** Sizes of memrefs (or group members) that random values fill, by argument name. */
  readonly shapes: Readonly<Record<string, readonly number[]>>;
  /** .npy files dropped on the page, by argument name. */
  readonly arrays: Readonly<Record<string, { readonly file: string; readonly bytes: Uint8Array }>>;
  readonly seed: number;
  /** Timed launches on WebGPU. */
  readonly repetitions: number;
  /** The tuning cache the page keeps in localStorage (its JSON text), whose schedule the run takes (docs/tuning.md). */
  readonly tuningCache?: string | undefined;
  /** Tune the kernel first, within this many seconds (the Tune button). */
  readonly tuneBudgetSeconds?: number | undefined;
}

export interface ArgumentAgreement {
  readonly name: string;
  readonly elements: number;
  readonly mismatches: number;
  readonly maxAbsoluteError: number;
  readonly text: string;
}

export interface RunResult {
  readonly ok: boolean;
  readonly kernel: string;
  readonly groups: number;
  /** The WebGPU adapter, or why there is none. */
  readonly adapter: string | undefined;
  readonly noWebGpu: string | undefined;
  /** What was compared with the interpreter on the tl IR: 'WebGPU', or the interpreter on the lowered IR. */
  readonly compared: string;
  readonly agreement: readonly ArgumentAgreement[];
  readonly maxAbsoluteError: number;
  readonly agrees: boolean;
  /** Median seconds per launch on WebGPU, how it was timed. */
  readonly secondsPerLaunch: number | undefined;
  readonly timing: string | undefined;
  readonly gflops: number | undefined;
  readonly flops: number;
  readonly interpreterSeconds: number;
  /** 'tuned (localStorage): ...' when the run took a tuned schedule. */
  readonly schedule?: string | undefined;
  /** After tuning: the tuner's table, the chosen schedule file and the cache to store (merged with the request's). */
  readonly tuning?: { readonly table: string; readonly scheduleText: string; readonly cacheText: string } | undefined;
  /** Warnings (a corrupt tuning cache). */
  readonly warnings?: readonly string[];
  readonly messages: readonly string[];
  readonly diagnostics: readonly PageDiagnostic[];
}

export interface GraphRequest {
  readonly ir: string;
  readonly kind: 'op' | 'dispatch';
}

export interface LaidOutNode {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly shape: 'box' | 'ellipse';
  /** The line of the op in the IR text the graph was built from (1-based; 0: none). */
  readonly irLine: number;
  readonly dialect: string;
}

export interface LaidOutEdge {
  readonly points: readonly { readonly x: number; readonly y: number }[];
  readonly label: string;
  readonly kind: string;
}

export interface GraphResult {
  readonly nodes: readonly LaidOutNode[];
  readonly edges: readonly LaidOutEdge[];
  readonly width: number;
  readonly height: number;
  /** Why there is no graph (no dispatches at this stage, IR that does not parse). */
  readonly note: string | undefined;
  readonly truncated: boolean;
}

export type ToWorker =
  | { readonly id: number; readonly kind: 'compile'; readonly request: CompileRequest }
  | { readonly id: number; readonly kind: 'run'; readonly request: RunRequest }
  | { readonly id: number; readonly kind: 'graph'; readonly request: GraphRequest };

export type FromWorker =
  | { readonly id: 0; readonly kind: 'hello'; readonly hello: WorkerHello }
  | { readonly id: number; readonly kind: 'compile'; readonly result: CompileResult }
  | { readonly id: number; readonly kind: 'run'; readonly result: RunResult }
  | { readonly id: number; readonly kind: 'graph'; readonly result: GraphResult }
  | { readonly id: number; readonly kind: 'crash'; readonly message: string };
