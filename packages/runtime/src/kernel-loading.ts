/**
 * Loading a kernel onto a device: read its manifest, check it against the device (features, work-group size,
 * binding counts and sizes), compile and validate its WGSL, and build the bind group layouts and the compute
 * pipeline the manifest describes (an explicit layout, so a WGSL that disagrees with its manifest is an error
 * here rather than a wrong result later).
 */
import { Diagnostic, FileLineColLoc, SourceManager, UnknownLoc, type Location } from '@tlir/ir';
import { CompiledKernel } from './compiled-kernel.js';
import { ShaderStage } from './gpu-constants.js';
import type { KernelManifest, ManifestBinding } from './kernel-manifest.js';
import { parseKernelManifest } from './manifest-validation.js';
import type { RuntimeDevice } from './runtime-device.js';
import { GpuRuntimeError } from './runtime-error.js';
import { compileWgsl, type WgslContext } from './shader-validation.js';
import { WgslSourceMap } from './wgsl-source-map.js';

export interface KernelSource {
  /** The WGSL text. */
  readonly wgsl: string;
  /** The manifest: its JSON text (errors then point into it) or a value. */
  readonly manifest: string | KernelManifest | unknown;
  /** The WGSL's name in messages; default `<entry point>.wgsl`. */
  readonly wgslFile?: string;
  /** The manifest's name in messages; default 'manifest.json'. */
  readonly manifestFile?: string;
  /** Kernel source texts by file name, to show source lines under messages located in them. */
  readonly sources?: Readonly<Record<string, string>>;
}

export async function loadKernel(runtime: RuntimeDevice, source: KernelSource): Promise<CompiledKernel> {
  const manifest = parseKernelManifest(source.manifest, source.manifestFile === undefined ? {} : { file: source.manifestFile });
  const device = runtime.device;
  const wgslFile = source.wgslFile ?? `${manifest.entryPoint}.wgsl`;
  const sources = new SourceManager();
  for (const [file, text] of Object.entries(source.sources ?? {})) sources.addBuffer(file, text);
  sources.addBuffer(wgslFile, source.wgsl);
  const context: WgslContext = { sourceMap: new WgslSourceMap(manifest.sourceMap), wgslFile, sources };

  checkAgainstDevice(manifest, runtime);
  const entry = findEntryPoint(source.wgsl, manifest.entryPoint, wgslFile);
  checkWorkgroupSize(manifest, entry, context);
  const shader = await compileWgsl(device, source.wgsl, context);

  const bounds = manifest.boundsCheck?.slot;
  const groupCount = Math.max(-1, ...manifest.bindings.map((b) => b.group), bounds?.group ?? -1) + 1;
  const layouts: GPUBindGroupLayout[] = [];
  device.pushErrorScope('validation');
  for (let group = 0; group < groupCount; group++) {
    const entries = manifest.bindings.filter((b) => b.group === group).map(layoutEntry);
    // The bounds-check record (--bounds-check) is read and written by the kernel.
    if (bounds?.group === group) entries.push({ binding: bounds.binding, visibility: ShaderStage.COMPUTE, buffer: { type: 'storage' } });
    layouts.push(device.createBindGroupLayout({ entries, label: `${manifest.kernel} group ${group}` }));
  }
  const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: layouts, label: manifest.kernel });
  let pipeline: GPUComputePipeline | undefined;
  let failure: string | undefined;
  try {
    pipeline = await device.createComputePipelineAsync({
      layout: pipelineLayout,
      compute: { module: shader.module, entryPoint: manifest.entryPoint },
      label: manifest.kernel,
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  const scopeError = await device.popErrorScope();
  if (scopeError) failure ??= scopeError.message;
  if (failure !== undefined || !pipeline) {
    const loc: Location = entry ? context.sourceMap.locate(entry.line) ?? new FileLineColLoc(wgslFile, entry.line, entry.column) : UnknownLoc.instance;
    const diag = new Diagnostic('error', loc, `the WGSL does not fit its manifest: ${cleanDawnMessage(failure ?? 'no pipeline')}`);
    if (entry && loc.fileLoc()?.file !== wgslFile) diag.attachNote(new FileLineColLoc(wgslFile, entry.line, entry.column), `entry point '${manifest.entryPoint}'`);
    throw new GpuRuntimeError('pipeline', [diag], sources);
  }
  return new CompiledKernel(runtime, manifest, pipeline, layouts, shader.diagnostics, sources);
}

function layoutEntry(binding: ManifestBinding): GPUBindGroupLayoutEntry {
  const type: GPUBufferBindingType = binding.kind === 'uniform' ? 'uniform' : binding.kind === 'storage-read' ? 'read-only-storage' : 'storage';
  return { binding: binding.binding, visibility: ShaderStage.COMPUTE, buffer: { type } };
}

/** Dawn's messages end with ` - While calling ...` context lines; keep what the error itself says. */
function cleanDawnMessage(message: string): string {
  return message
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s*-\s*While /.test(line))
    .map((line) => line.trim())
    .join(' ');
}

interface EntryPointSite {
  readonly line: number;
  readonly column: number;
  /** The literal arguments of its @workgroup_size, when they are integer literals. */
  readonly workgroupSize: readonly number[] | undefined;
}

/** Where `fn <entryPoint>` is declared in the WGSL, and its @workgroup_size when literal. */
function findEntryPoint(wgsl: string, entryPoint: string, wgslFile: string): EntryPointSite | undefined {
  const declaration = new RegExp(`\\bfn\\s+${entryPoint}\\s*\\(`).exec(wgsl);
  if (!declaration) {
    // Dawn would say it too, less plainly: the pipeline cannot be created without the entry point.
    throw new GpuRuntimeError('pipeline', [new Diagnostic('error', new FileLineColLoc(wgslFile, 1, 1), `the WGSL has no function '${entryPoint}' (the manifest's entry point)`)]);
  }
  const before = wgsl.slice(0, declaration.index);
  const line = before.split('\n').length;
  const column = declaration.index - before.lastIndexOf('\n');
  // The attributes of the entry point are between the previous declaration's end and `fn`.
  const attributes = before.slice(Math.max(before.lastIndexOf('}'), before.lastIndexOf(';')) + 1);
  const size = /@workgroup_size\s*\(([^)]*)\)/.exec(attributes);
  let workgroupSize: number[] | undefined;
  if (size) {
    const parts = size[1]!.split(',').map((p) => p.trim()).filter((p) => p !== '');
    const values = parts.map((p) => (/^\d+[iu]?$/.test(p) ? Number.parseInt(p, 10) : Number.NaN));
    if (values.every((v) => Number.isInteger(v))) workgroupSize = [...values, 1, 1].slice(0, 3);
  }
  return { line, column, workgroupSize };
}

function checkWorkgroupSize(manifest: KernelManifest, entry: EntryPointSite | undefined, context: WgslContext): void {
  const literal = entry?.workgroupSize;
  if (!entry || !literal || literal.every((v, i) => v === manifest.workgroupSize[i])) return;
  const loc = new FileLineColLoc(context.wgslFile, entry.line, entry.column);
  throw new GpuRuntimeError(
    'pipeline',
    [new Diagnostic('error', loc, `the entry point's @workgroup_size(${literal.join(', ')}) is not the manifest's workgroupSize [${manifest.workgroupSize.join(', ')}]`)],
    context.sources,
  );
}

/** The device has the features the kernel needs and room for its work-group and bindings. */
function checkAgainstDevice(manifest: KernelManifest, runtime: RuntimeDevice): void {
  const { limits, summary } = runtime.report;
  const problems: string[] = [];
  for (const feature of manifest.requiredFeatures) {
    if (!runtime.device.features.has(feature)) problems.push(`it needs the feature '${feature}'`);
  }
  const over = (what: string, value: number, limit: string): void => {
    const max = limits[limit];
    if (max !== undefined && value > max) problems.push(`${what} is ${value}; the device allows ${max} (${limit})`);
  };
  const [x, y, z] = manifest.workgroupSize;
  over('its work-group size in x', x, 'maxComputeWorkgroupSizeX');
  over('its work-group size in y', y, 'maxComputeWorkgroupSizeY');
  over('its work-group size in z', z, 'maxComputeWorkgroupSizeZ');
  over('the number of invocations per work-group', x * y * z, 'maxComputeInvocationsPerWorkgroup');
  over('the number of its storage buffers', manifest.bindings.filter((b) => b.kind !== 'uniform').length, 'maxStorageBuffersPerShaderStage');
  over('the number of its uniform buffers', manifest.bindings.filter((b) => b.kind === 'uniform').length, 'maxUniformBuffersPerShaderStage');
  over('its highest bind group index + 1', Math.max(0, ...manifest.bindings.map((b) => b.group + 1)), 'maxBindGroups');
  over('its highest binding number + 1', Math.max(0, ...manifest.bindings.map((b) => b.binding + 1)), 'maxBindingsPerBindGroup');
  for (const binding of manifest.bindings) {
    if (binding.kind === 'uniform') over(`the size of uniform @group(${binding.group}) @binding(${binding.binding})`, binding.sizeBytes, 'maxUniformBufferBindingSize');
  }
  if (problems.length === 0) return;
  throw new GpuRuntimeError(
    'device',
    problems.map((p) => new Diagnostic('error', UnknownLoc.instance, `kernel '${manifest.kernel}' cannot run on ${summary}: ${p}`)),
  );
}
