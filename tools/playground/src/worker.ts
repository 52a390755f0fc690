// The page's compiler: a module Web Worker that holds the whole compiler (IR, dialects, passes, front end, WGSL
// target, interpreter, runtime) and answers the page's requests, so that a long pipeline never freezes the page.
// The page cancels a request by terminating the worker and starting a new one.
import { acquireBrowserDevice, GpuRuntimeError, type RuntimeDevice } from '@tlir/runtime';
import { compile, passRegistry } from './compile.js';
import { buildGraph } from './graph-layout.js';
import type { OptionSpec } from '@tlir/pass';
import type { FromWorker, OptionInfo, ToWorker, WorkerHello } from './protocol.js';
import { runKernelRequest } from './run-kernel.js';

const post = (message: FromWorker): void => (self as unknown as Worker).postMessage(message);

function hello(): WorkerHello {
  const registry = passRegistry();
  const passes = [...registry.passes, ...registry.pipelines].map((d) => ({ argument: d.argument, summary: d.summary, kind: d.kind }));
  const lower = registry.lookup('lower-to-krnl');
  const options: OptionInfo[] = Object.entries((lower?.options ?? {}) as Record<string, OptionSpec<unknown>>).map(([name, spec]) => ({
    name,
    kind: spec.choices ? 'enum' : spec.valueName === '' ? 'boolean' : /int|long|number/.test(spec.valueName) && !spec.isList ? 'number' : 'string',
    defaultText: spec.print(spec.default as never),
    description: spec.help,
    ...(spec.choices ? { values: spec.choices.map((c: { value: string }) => c.value) } : {}),
  }));
  return { passes, lowerToKrnlOptions: options };
}

let device: Promise<RuntimeDevice | string> | undefined;

/** The worker's WebGPU device (made once), or why there is none. */
function webGpuDevice(): Promise<RuntimeDevice | string> {
  device ??= acquireBrowserDevice().catch((e: unknown) => {
    if (e instanceof GpuRuntimeError) return e.message.replace(/^error: /, '');
    return e instanceof Error ? e.message : String(e);
  });
  return device;
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const m = event.data;
  try {
    if (m.kind === 'compile') post({ id: m.id, kind: 'compile', result: compile(m.request) });
    else if (m.kind === 'run') post({ id: m.id, kind: 'run', result: await runKernelRequest(m.request, webGpuDevice) });
    else post({ id: m.id, kind: 'graph', result: buildGraph(m.request) });
  } catch (e) {
    // A bug in tlir: the page shows it rather than going blank.
    post({ id: m.id, kind: 'crash', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
};

post({ id: 0, kind: 'hello', hello: hello() });
