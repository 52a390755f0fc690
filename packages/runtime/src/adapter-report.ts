/**
 * What the runtime says about the adapter it got: how it was obtained, what it is (vendor, architecture,
 * description, software or hardware), the backend, its features and limits, and whether it can time kernels
 * with timestamp queries.
 */

/**
 * How the adapter was obtained: a browser's navigator.gpu, or one of the Node recipes (docs/runtime.md); 'null' is
 * Dawn's null backend, which compiles and validates WGSL but runs nothing (tests check WGSL with it).
 */
export type AdapterRecipe = 'browser' | 'gpu' | 'swiftshader' | 'opengles' | 'null';

export interface AdapterReport {
  readonly recipe: AdapterRecipe;
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  /** 'vulkan', 'opengles', ...; 'unknown' in a browser (WebGPU does not say). */
  readonly backend: string;
  readonly featureLevel: 'core' | 'compatibility';
  /** A CPU implementation (SwiftShader, llvmpipe); undefined when it cannot be told. */
  readonly software: boolean | undefined;
  /** The features the device was created with. */
  readonly features: readonly string[];
  /** The device's limits. */
  readonly limits: Readonly<Record<string, number>>;
  /** Kernels are timed with timestamp queries (else with the wall clock around the submission). */
  readonly timestamps: boolean;
  /** One line: `SwiftShader driver 5.0.0 (google/swiftshader) via vulkan, core, software; timestamp-query, subgroups`. */
  readonly summary: string;
}

const SOFTWARE_NAMES = /swiftshader|llvmpipe|lavapipe|softpipe|warp|basic render/i;

/** The limits of a GPUSupportedLimits as a plain record (its members are prototype getters). */
export function limitsRecord(limits: GPUSupportedLimits): Record<string, number> {
  const record: Record<string, number> = {};
  for (const key in limits) {
    const value = (limits as unknown as Record<string, unknown>)[key];
    if (typeof value === 'number') record[key] = value;
  }
  return record;
}

export interface AdapterFacts {
  readonly recipe: AdapterRecipe;
  readonly backend: string;
  /** What the caller knows about the adapter being a CPU one, beyond its name. */
  readonly software?: boolean;
}

export function reportAdapter(adapter: GPUAdapter, device: GPUDevice, facts: AdapterFacts): AdapterReport {
  const info = adapter.info as GPUAdapterInfo & { isFallbackAdapter?: boolean };
  const vendor = info.vendor ?? '';
  const architecture = info.architecture ?? '';
  const deviceName = info.device ?? '';
  const description = info.description ?? '';
  const features = [...device.features].map(String).sort();
  const featureLevel = features.includes('core-features-and-limits') ? 'core' : 'compatibility';
  const named = SOFTWARE_NAMES.test(`${vendor} ${architecture} ${deviceName} ${description}`);
  const software = named || info.isFallbackAdapter === true ? true : facts.software;
  const timestamps = features.includes('timestamp-query');
  const name = description || [vendor, architecture].filter(Boolean).join(' ') || 'an unnamed adapter';
  const identity = [vendor, architecture].filter(Boolean).join('/');
  const notable = ['timestamp-query', 'subgroups', 'shader-f16'].filter((f) => features.includes(f));
  const summary =
    `${name}${identity && !name.includes(identity) ? ` (${identity})` : ''} via ${facts.backend}, ${featureLevel}` +
    `${software === true ? ', software' : software === false ? ', hardware' : ''}; ` +
    `${notable.length > 0 ? notable.join(', ') : 'no timestamp-query, no subgroups'}`;
  return {
    recipe: facts.recipe,
    vendor,
    architecture,
    device: deviceName,
    description,
    backend: facts.backend,
    featureLevel,
    software,
    features,
    limits: limitsRecord(device.limits),
    timestamps,
    summary,
  };
}
