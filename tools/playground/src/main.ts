// The playground page: the editor, the pipeline and the IR after each pass (with diffs), the WGSL and manifest, the
// graphs, a run on WebGPU checked against the interpreter, and a link that reproduces the page. The compiler runs in
// a Web Worker (compiler-client.ts); this script only draws, and only ever inserts user text as text nodes.
import { diffLines } from 'diff';
import { Cancelled, CompilerClient } from './compiler-client.js';
import { fill, h } from './dom.js';
import { createEditor } from './editor.js';
import { EXAMPLES, RUN_DEFAULTS, SAMPLE } from './examples.js';
import { drawGraph, type GraphView } from './graph-view.js';
import type { LocatedText } from './ir-text.js';
import type { CompileResult, InputLanguage, OptionInfo, PageDiagnostic, RunResult } from './protocol.js';
import { decodeState, encodeState, type SharedState } from './share.js';
import './style.css';

const DEFAULT_PIPELINE = 'builtin.module(lower-to-krnl,lower-to-gpu)';
const TABS = ['pipeline', 'wgsl', 'graph', 'run'] as const;
type Tab = (typeof TABS)[number];

const languageOf = (filename: string): InputLanguage => (filename.endsWith('.mlir') ? 'mlir' : 'tl');

// ---- state
let filename = SAMPLE;
let result: CompileResult | undefined;
let selectedPass = -1; // -1: the last entry; 0: the input; i: after pass i
let mode: 'ir' | 'diff' = 'ir';
let changedOnly = false;
let tab: Tab = 'pipeline';
let runFiles: Record<string, { file: string; bytes: Uint8Array }> = {};
let graphView: GraphView | undefined;
let compileCount = 0;

const client = new CompilerClient();

// ---- layout
const exampleSelect = h('select', { id: 'example', title: 'examples/kernels (the spec sample first)' }, ...EXAMPLES.map((e) => h('option', { attrs: { value: e.filename } }, e.filename)), h('option', { attrs: { value: '' } }, '(your text)'));
const languageSelect = h('select', { id: 'language', title: 'the input language' }, h('option', { attrs: { value: 'tl' } }, 'tensor language (.tl)'), h('option', { attrs: { value: 'mlir' } }, 'MLIR (.mlir)'));
const compileButton = h('button', { id: 'compile' }, 'Compile');
const cancelButton = h('button', { id: 'cancel', title: 'stop the compiler (its worker is restarted)' }, 'Cancel');
const shareButton = h('button', { id: 'share', title: 'put the page in the URL and copy the link' }, 'Share link');
const status = h('span', { id: 'status', attrs: { role: 'status' } });
const compileTime = h('span', { id: 'compile-time' });
const header = h('header', {}, h('strong', {}, 'tlir playground'), exampleSelect, languageSelect, compileButton, cancelButton, shareButton, status, compileTime);

const editorHost = h('div', { id: 'editor' });
const diagnosticsPanel = h('pre', { id: 'diagnostics', attrs: { 'aria-live': 'polite' } });
const left = h('section', { id: 'left' }, editorHost, h('h3', {}, 'Diagnostics'), diagnosticsPanel);

const tabBar = h('nav', { id: 'tabs' }, ...TABS.map((t) => h('button', { class: 'tab', attrs: { 'data-tab': t } }, { pipeline: 'Pipeline', wgsl: 'WGSL', graph: 'Graph', run: 'Run' }[t])));

// Pipeline tab
const pipelineInput = h('input', { id: 'pipeline', attrs: { type: 'text', spellcheck: 'false', value: DEFAULT_PIPELINE, 'aria-label': 'pass pipeline (-p)' } });
const optionsForm = h('fieldset', { id: 'lower-to-krnl-options' }, h('legend', {}, 'lower-to-krnl options'));
const changedOnlyBox = h('input', { id: 'changed-only', attrs: { type: 'checkbox' } });
const modeIr = h('input', { id: 'mode-ir', attrs: { type: 'radio', name: 'mode', checked: '' } });
const modeDiff = h('input', { id: 'mode-diff', attrs: { type: 'radio', name: 'mode' } });
const passList = h('ol', { id: 'passes' });
const irPane = h('div', { id: 'ir', class: 'code' });
const pipelineTab = h(
  'div',
  { id: 'tab-pipeline', class: 'tab-body' },
  h('label', { class: 'pipeline-label' }, '-p ', pipelineInput),
  optionsForm,
  h('div', { class: 'controls' }, h('label', {}, changedOnlyBox, ' changed only'), h('label', {}, modeIr, ' IR after'), h('label', {}, modeDiff, ' diff against before')),
  h('div', { class: 'split' }, passList, irPane),
);

// WGSL tab
const wgslPane = h('div', { id: 'wgsl' });
const wgslTab = h('div', { id: 'tab-wgsl', class: 'tab-body' }, wgslPane);

// Graph tab
const graphKind = h('select', { id: 'graph-kind' }, h('option', { attrs: { value: 'op' } }, 'op graph'), h('option', { attrs: { value: 'dispatch' } }, 'dispatch graph'));
const zoomIn = h('button', { id: 'zoom-in' }, '+');
const zoomOut = h('button', { id: 'zoom-out' }, '−');
const zoomFit = h('button', { id: 'zoom-fit' }, 'fit');
const graphNote = h('p', { id: 'graph-note' });
const graphPane = h('div', { id: 'graph' });
const graphTab = h('div', { id: 'tab-graph', class: 'tab-body' }, h('div', { class: 'controls' }, graphKind, zoomIn, zoomOut, zoomFit, h('span', { class: 'hint' }, 'of the IR of the selected pass; wheel to zoom, drag to pan, click a node for its op')), graphNote, graphPane);

// Run tab
const field = (id: string, label: string, value: string, title: string): HTMLInputElement => {
  const input = h('input', { id, title, attrs: { type: 'text', value, spellcheck: 'false' } });
  runForm.append(h('label', {}, label, input));
  return input;
};
const runForm = h('div', { id: 'run-form', class: 'form' });
const kernelInput = field('run-kernel', 'kernel', '', 'the kernel to run (empty: the first)');
const groupsInput = field('run-groups', '--groups', '4', 'the number of work-groups');
const shapesInput = field('run-shapes', '--shape', 'D=16x16x4', "sizes of memrefs (or group members) with '?', as tl-run's --shape: NAME=16x8 NAME2=4x4");
const seedInput = field('run-seed', '--random seed', '1', 'the seed of the random values');
const repetitionsInput = field('run-repetitions', 'timed launches', '10', 'launches timed on WebGPU (the median is shown)');
const dropZone = h('div', { id: 'drop', attrs: { tabindex: '0' } }, 'Drop .npy files here (NAME.npy is the argument NAME); the rest is random');
const runButton = h('button', { id: 'run' }, 'Run');
const tuneBudgetInput = field('tune-budget', 'tune budget (s)', '20', 'seconds Tune may spend searching schedules (docs/tuning.md)');
const tuneButton = h('button', { id: 'tune', title: "search the lowering's schedules on this adapter, check each against the interpreter, keep the fastest (in localStorage) and run with it" }, 'Tune');
const runResult = h('div', { id: 'run-result' });
const runTab = h('div', { id: 'tab-run', class: 'tab-body' }, runForm, dropZone, h('div', { class: 'run-buttons' }, runButton, tuneButton), runResult);

const right = h('section', { id: 'right' }, tabBar, pipelineTab, wgslTab, graphTab, runTab);
document.getElementById('app')!.append(header, h('main', {}, left, right));

const editor = createEditor(editorHost, EXAMPLES[0]?.text ?? '', 'tl', () => scheduleCompile());

// ---- compile
let timer: ReturnType<typeof setTimeout> | undefined;
let queued = false;

function scheduleCompile(delay = 350): void {
  exampleSelect.value = EXAMPLES.some((e) => e.filename === filename && e.text === editor.text()) ? filename : '';
  clearTimeout(timer);
  timer = setTimeout(() => void compileNow(), delay);
}

async function compileNow(): Promise<void> {
  if (client.busy) {
    queued = true;
    return;
  }
  const id = ++compileCount;
  status.textContent = 'compiling…';
  document.body.dataset['state'] = 'compiling';
  const started = performance.now();
  try {
    const r = await client.compile({ source: editor.text(), language: languageOf(filename), filename, pipeline: pipelineInput.value });
    const roundTrip = performance.now() - started;
    result = r;
    showResult(r);
    compileTime.textContent = `compiled in ${r.milliseconds.toFixed(1)} ms (${roundTrip.toFixed(1)} ms with the worker's messages)`;
    compileTime.dataset['ms'] = r.milliseconds.toFixed(2);
    compileTime.dataset['roundTripMs'] = roundTrip.toFixed(2);
    compileTime.dataset['count'] = String(id);
    status.textContent = r.ok ? 'ok' : 'errors (see Diagnostics)';
    document.body.dataset['state'] = r.ok ? 'ok' : 'error';
    void updateHash();
  } catch (e) {
    result = undefined;
    if (e instanceof Cancelled) {
      status.textContent = 'cancelled';
      document.body.dataset['state'] = 'cancelled';
    } else {
      status.textContent = 'the compiler failed';
      fill(diagnosticsPanel, (e as Error).message);
      document.body.dataset['state'] = 'crash';
    }
  } finally {
    document.body.dataset['compiles'] = String(id);
    if (queued) {
      queued = false;
      void compileNow();
    }
  }
}

function showDiagnostics(list: readonly PageDiagnostic[], extra: readonly string[] = []): void {
  editor.showDiagnostics(list);
  const texts = [...extra, ...list.map((d) => d.rendered)];
  fill(diagnosticsPanel, texts.length ? texts.join('') : 'none');
  diagnosticsPanel.classList.toggle('has-errors', list.some((d) => d.severity === 'error') || extra.length > 0);
}

function showResult(r: CompileResult): void {
  showDiagnostics(r.diagnostics);
  const count = r.passes.length + (r.input ? 1 : 0);
  if (selectedPass >= count || selectedPass < -1) selectedPass = -1;
  renderPasses();
  renderWgsl();
  if (tab === 'graph') void renderGraph();
}

/** The entries of the list: the input, then one per pass. */
function entries(): { label: string; ms: number | undefined; ir: LocatedText; before: LocatedText | undefined; changed: boolean; failed: boolean; index: number }[] {
  if (!result?.input) return [];
  const list = [{ label: 'input (parsed)', ms: undefined as number | undefined, ir: result.input, before: undefined as LocatedText | undefined, changed: true, failed: false, index: 0 }];
  let before = result.input;
  result.passes.forEach((p, i) => {
    list.push({ label: p.argument, ms: p.milliseconds, ir: p.ir, before, changed: p.changed, failed: p.failed, index: i + 1 });
    before = p.ir;
  });
  return list;
}

function currentEntry(): ReturnType<typeof entries>[number] | undefined {
  const list = entries();
  return list[selectedPass < 0 ? list.length - 1 : selectedPass];
}

function renderPasses(): void {
  const list = entries();
  const current = currentEntry()?.index;
  passList.replaceChildren();
  for (const e of list) {
    if (changedOnly && !e.changed && e.index !== current) continue;
    const li = h(
      'li',
      { class: `pass${e.changed ? ' changed' : ' unchanged'}${e.failed ? ' failed' : ''}${e.index === current ? ' selected' : ''}`, attrs: { 'data-pass': e.label, 'data-index': String(e.index) } },
      h('span', { class: 'pass-name' }, e.index ? `${e.index}. ${e.label}` : e.label),
      h('span', { class: 'pass-time' }, e.ms === undefined ? '' : `${e.ms.toFixed(2)} ms`),
      e.index && !e.changed ? h('span', { class: 'pass-flag' }, 'no change') : undefined,
      e.failed ? h('span', { class: 'pass-flag' }, 'failed') : undefined,
    );
    li.addEventListener('click', () => {
      selectedPass = e.index;
      renderPasses();
      if (tab === 'graph') void renderGraph();
      void updateHash();
    });
    passList.append(li);
  }
  renderIr();
}

function renderIr(scrollToLine = 0): void {
  const e = currentEntry();
  irPane.replaceChildren();
  irPane.dataset['pass'] = e?.label ?? '';
  irPane.dataset['mode'] = mode;
  if (!e) {
    irPane.append(h('p', { class: 'note' }, 'no IR: the input has errors (see Diagnostics)'));
    return;
  }
  if (mode === 'diff' && e.before) {
    for (const part of diffLines(e.before.text, e.ir.text)) {
      const kind = part.added ? 'add' : part.removed ? 'del' : 'same';
      const lines = part.value.replace(/\n$/, '').split('\n');
      const shown = kind === 'same' && lines.length > 8 ? [...lines.slice(0, 3), `… ${lines.length - 6} unchanged lines …`, ...lines.slice(-3)] : lines;
      for (const line of shown) irPane.append(h('div', { class: `line ${kind}` }, kind === 'add' ? '+ ' : kind === 'del' ? '- ' : '  ', line));
    }
    return;
  }
  if (mode === 'diff') irPane.append(h('p', { class: 'note' }, 'the input has nothing before it; showing the IR'));
  const lines = e.ir.text.replace(/\n$/, '').split('\n');
  lines.forEach((text, i) => {
    const source = e.ir.sourceLines[i] ?? 0;
    const div = h('div', { class: `line${source ? ' located' : ''}`, attrs: { 'data-line': String(i + 1), 'data-source-line': String(source) } }, text);
    if (source) div.title = `${filename}:${source}`;
    div.addEventListener('click', () => selectIrLine(i + 1, source));
    irPane.append(div);
  });
  if (scrollToLine) selectIrLine(scrollToLine, e.ir.sourceLines[scrollToLine - 1] ?? 0, true);
}

function selectIrLine(line: number, source: number, scroll = false): void {
  for (const el of irPane.querySelectorAll('.line.selected')) el.classList.remove('selected');
  const el = irPane.querySelector(`.line[data-line="${line}"]`);
  el?.classList.add('selected');
  if (scroll) el?.scrollIntoView({ block: 'center' });
  editor.highlightLine(source);
  document.body.dataset['sourceLine'] = String(source);
}

function renderWgsl(): void {
  wgslPane.replaceChildren();
  if (!result) return;
  if (result.wgsl.length === 0) wgslPane.append(h('p', { class: 'note' }, result.wgslNote ?? (result.input ? 'no WGSL' : 'no WGSL: the input has errors')));
  for (const k of result.wgsl) {
    wgslPane.append(h('h3', {}, `kernel ${k.name}`), h('pre', { class: 'code wgsl' }, k.wgsl), h('h4', {}, 'manifest'), h('pre', { class: 'code manifest' }, k.manifest));
  }
}

// ---- graphs
let graphGeneration = 0;

async function renderGraph(): Promise<void> {
  const generation = ++graphGeneration;
  let e = currentEntry();
  const kind = graphKind.value as 'op' | 'dispatch';
  // A dispatch op (flow.dispatch, flow.dispatch.workgroups, flow.dispatch.region), not the work-group queries.
  const hasDispatch = (text: string): boolean => /\bflow\.dispatch(\.workgroups|\.region)? /.test(text);
  if (kind === 'dispatch' && e && !hasDispatch(e.ir.text)) {
    // The dispatch graph lives between flow-outline-kernels and gpu-outline-executables: take the last such IR.
    const withDispatches = entries().filter((x) => hasDispatch(x.ir.text));
    if (withDispatches.length) e = withDispatches[withDispatches.length - 1]!;
  }
  graphPane.replaceChildren();
  if (!e) {
    fill(graphNote, 'no IR to draw');
    return;
  }
  fill(graphNote, `building the ${kind} graph of the IR after ${e.label}…`);
  try {
    const g = await client.graph({ ir: e.ir.text, kind });
    if (generation !== graphGeneration) return; // a later request draws
    const entry = e;
    fill(graphNote, g.note ?? `${kind} graph of the IR after ${e.label}: ${g.nodes.length} nodes, ${g.edges.length} edges${g.truncated ? ' (cut: too many nodes to draw)' : ''}`);
    graphView = drawGraph(g, (node) => {
      if (!node.irLine) return;
      selectedPass = entry.index;
      mode = 'ir';
      modeIr.checked = true;
      showTab('pipeline');
      renderPasses();
      renderIr(node.irLine);
    });
    graphPane.replaceChildren(graphView.svg);
    graphPane.dataset['nodes'] = String(g.nodes.length);
  } catch (err) {
    if (generation !== graphGeneration) return;
    fill(graphNote, err instanceof Cancelled ? 'cancelled' : (err as Error).message);
  }
}

// ---- run
/** The localStorage item of the tuning cache (tl-run's STORAGE_ITEM: the same JSON as the cache file). */
const TUNING_ITEM = 'tlir-tuning-cache';

function storedTuningCache(): string | undefined {
  try {
    return localStorage.getItem(TUNING_ITEM) ?? undefined;
  } catch {
    return undefined; // storage disabled
  }
}

async function runKernel(tuneSeconds?: number): Promise<void> {
  runResult.replaceChildren(h('p', {}, tuneSeconds !== undefined ? `tuning for ${tuneSeconds} s…` : 'running…'));
  document.body.dataset['run'] = 'running';
  const shapes: Record<string, number[]> = {};
  for (const item of shapesInput.value.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^([\w$.-]+)=(\d+(?:x\d+)*)$/.exec(item);
    if (!m) {
      runResult.replaceChildren(h('p', { class: 'error' }, `--shape: '${item}' is not NAME=16x8`));
      document.body.dataset['run'] = 'error';
      return;
    }
    shapes[m[1]!] = m[2]!.split('x').map(Number);
  }
  const groups = groupsInput.value.trim() === '' ? undefined : Number(groupsInput.value);
  try {
    const r = await client.run({
      source: editor.text(),
      filename,
      pipeline: pipelineInput.value,
      kernel: kernelInput.value.trim() || undefined,
      groups: groups !== undefined && Number.isInteger(groups) && groups >= 0 ? groups : undefined,
      shapes,
      arrays: runFiles,
      seed: Number(seedInput.value) || 0,
      repetitions: Math.max(1, Math.min(1000, Number(repetitionsInput.value) || 1)),
      tuningCache: storedTuningCache(),
      tuneBudgetSeconds: tuneSeconds,
    });
    if (r.tuning) {
      try {
        localStorage.setItem(TUNING_ITEM, r.tuning.cacheText);
      } catch {
        // storage disabled or full: the tuning is shown, not kept
      }
    }
    showRun(r);
  } catch (e) {
    runResult.replaceChildren(h('p', { class: 'error' }, e instanceof Cancelled ? 'cancelled' : (e as Error).message));
    document.body.dataset['run'] = 'error';
  }
}

const fmtSeconds = (s: number): string => (s >= 1e-3 ? `${(s * 1e3).toFixed(3)} ms` : `${(s * 1e6).toFixed(1)} µs`);

function showRun(r: RunResult): void {
  const rows: [string, string, string][] = [];
  const add = (key: string, value: string, id: string): void => void rows.push([key, value, id]);
  add('adapter', r.adapter ?? `none: ${r.noWebGpu ?? 'not reached'}`, 'run-adapter');
  if (r.noWebGpu) add('WebGPU', `not available here, so the interpreter ran the lowered IR instead (${r.noWebGpu})`, 'run-no-webgpu');
  if (r.ok) {
    add('kernel', `@${r.kernel} on ${r.groups} work-group${r.groups === 1 ? '' : 's'}`, 'run-kernel-name');
    add('agreement', `${r.compared} against the interpreter on the tl IR: ${r.agrees ? 'agrees' : 'MISMATCH'}`, 'run-agreement');
    add('max error', r.maxAbsoluteError.toExponential(3), 'run-max-error');
    if (r.secondsPerLaunch !== undefined) add('time per launch', `${fmtSeconds(r.secondsPerLaunch)} (median, ${r.timing})`, 'run-time');
    add('GFLOP/s', r.gflops !== undefined ? r.gflops.toPrecision(4) : r.flops ? 'n/a (no WebGPU time)' : 'n/a (no collectives: GFLOP/s counts their work)', 'run-gflops');
    add('interpreter', `${fmtSeconds(r.interpreterSeconds)} on the tl IR (the reference)`, 'run-interpreter');
    add('schedule', r.schedule ?? "the lowering's (no tuned schedule for this kernel, adapter and shapes)", 'run-schedule');
  }
  for (const w of r.warnings ?? []) add('warning', w, 'run-warning');
  const table = h('table', { id: 'run-table' }, ...rows.map(([k, v, id]) => h('tr', {}, h('th', {}, k), h('td', { id }, v))));
  const details = h('pre', { class: 'code', id: 'run-details' }, r.agreement.map((a) => a.text).join(''));
  runResult.replaceChildren(table, details);
  if (r.tuning) runResult.append(h('pre', { class: 'code', id: 'run-tuning' }, r.tuning.table + r.tuning.scheduleText));
  if (!r.ok) runResult.append(h('pre', { class: 'error', id: 'run-errors' }, [...r.messages, ...r.diagnostics.map((d) => d.rendered)].join('\n')));
  if (r.diagnostics.length) editor.showDiagnostics(r.diagnostics);
  runResult.dataset['maxError'] = String(r.maxAbsoluteError);
  document.body.dataset['run'] = r.ok ? (r.agrees ? 'agrees' : 'mismatch') : 'error';
}

function addDroppedFiles(files: FileList | null): void {
  if (!files) return;
  void Promise.all(
    [...files].map(async (f) => {
      const name = f.name.replace(/\.npy$/, '');
      runFiles = { ...runFiles, [name]: { file: f.name, bytes: new Uint8Array(await f.arrayBuffer()) } };
    }),
  ).then(() => {
    fill(dropZone, `Dropped: ${Object.values(runFiles).map((f) => f.file).join(', ')} (click to clear)`);
  });
}

// ---- the lower-to-krnl form: writes its options into the pipeline text
function optionsForPipeline(options: readonly OptionInfo[]): void {
  const inputs = new Map<string, HTMLInputElement>();
  for (const o of options) {
    const input = h('input', { attrs: { type: o.kind === 'boolean' ? 'checkbox' : 'text', 'data-option': o.name, placeholder: o.defaultText, spellcheck: 'false' }, title: o.description });
    inputs.set(o.name, input);
    optionsForm.append(h('label', { title: o.description }, o.name, ' ', input));
    input.addEventListener('change', () => {
      const parts: string[] = [];
      for (const opt of options) {
        const el = inputs.get(opt.name)!;
        if (opt.kind === 'boolean') {
          if (String(el.checked) !== opt.defaultText) parts.push(`${opt.name}=${el.checked}`);
        } else if (el.value.trim() !== '') parts.push(`${opt.name}=${el.value.trim()}`);
      }
      const text = parts.length ? `lower-to-krnl{${parts.join(' ')}}` : 'lower-to-krnl';
      pipelineInput.value = /lower-to-krnl(\{[^}]*\})?/.test(pipelineInput.value) ? pipelineInput.value.replace(/lower-to-krnl(\{[^}]*\})?/, text) : DEFAULT_PIPELINE.replace('lower-to-krnl', text);
      scheduleCompile(0);
    });
  }
  const readBack = (): void => {
    const m = /lower-to-krnl(?:\{([^}]*)\})?/.exec(pipelineInput.value);
    const given = new Map((m?.[1] ?? '').split(/\s+/).filter(Boolean).map((kv) => [kv.split('=')[0]!, kv.slice(kv.indexOf('=') + 1)] as const));
    for (const o of options) {
      const el = inputs.get(o.name)!;
      if (o.kind === 'boolean') el.checked = (given.get(o.name) ?? o.defaultText) === 'true';
      else el.value = given.get(o.name) ?? '';
    }
  };
  pipelineInput.addEventListener('input', readBack);
  readBack();
}

// ---- tabs, sharing, events
function showTab(t: Tab): void {
  tab = t;
  for (const b of tabBar.querySelectorAll('button')) b.classList.toggle('active', b.dataset['tab'] === t);
  for (const name of TABS) document.getElementById(`tab-${name}`)!.hidden = name !== t;
  document.body.dataset['tab'] = t;
  if (t === 'graph') void renderGraph();
}

function sharedState(): SharedState {
  return {
    version: 1,
    source: editor.text(),
    filename,
    pipeline: pipelineInput.value,
    run: { kernel: kernelInput.value, groups: groupsInput.value, shapes: shapesInput.value, seed: seedInput.value, repetitions: repetitionsInput.value },
    view: { tab, pass: selectedPass, mode, changedOnly },
  };
}

async function updateHash(): Promise<void> {
  const hash = await encodeState(sharedState());
  history.replaceState(null, '', hash);
}

function applyState(st: SharedState): void {
  filename = st.filename || SAMPLE;
  languageSelect.value = languageOf(filename);
  pipelineInput.value = st.pipeline;
  kernelInput.value = st.run.kernel;
  groupsInput.value = st.run.groups;
  shapesInput.value = st.run.shapes;
  seedInput.value = st.run.seed;
  repetitionsInput.value = st.run.repetitions;
  selectedPass = st.view.pass;
  mode = st.view.mode === 'diff' ? 'diff' : 'ir';
  (mode === 'diff' ? modeDiff : modeIr).checked = true;
  changedOnly = st.view.changedOnly;
  changedOnlyBox.checked = changedOnly;
  editor.setText(st.source, languageOf(filename));
  showTab((TABS as readonly string[]).includes(st.view.tab) ? (st.view.tab as Tab) : 'pipeline');
}

function loadExample(name: string): void {
  const e = EXAMPLES.find((x) => x.filename === name);
  if (!e) return;
  filename = e.filename;
  languageSelect.value = 'tl';
  const d = RUN_DEFAULTS[e.filename];
  groupsInput.value = d?.groups ?? '4';
  shapesInput.value = d?.shapes ?? '';
  kernelInput.value = '';
  selectedPass = -1;
  editor.setText(e.text, 'tl');
}

exampleSelect.addEventListener('change', () => loadExample(exampleSelect.value));
languageSelect.addEventListener('change', () => {
  const base = filename.replace(/\.(tl|mlir)$/, '');
  filename = `${base}.${languageSelect.value}`;
  editor.setText(editor.text(), languageOf(filename));
  scheduleCompile(0);
});
compileButton.addEventListener('click', () => void compileNow());
cancelButton.addEventListener('click', () => {
  queued = false;
  client.cancel();
});
shareButton.addEventListener('click', async () => {
  await updateHash();
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = 'link copied';
  } catch {
    status.textContent = 'link in the address bar';
  }
});
pipelineInput.addEventListener('change', () => scheduleCompile(0));
pipelineInput.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') scheduleCompile(0);
});
changedOnlyBox.addEventListener('change', () => {
  changedOnly = changedOnlyBox.checked;
  renderPasses();
  void updateHash();
});
for (const [box, m] of [
  [modeIr, 'ir'],
  [modeDiff, 'diff'],
] as const) {
  box.addEventListener('change', () => {
    if (!box.checked) return;
    mode = m;
    renderIr();
    void updateHash();
  });
}
for (const b of tabBar.querySelectorAll('button')) b.addEventListener('click', () => (showTab(b.dataset['tab'] as Tab), void updateHash()));
graphKind.addEventListener('change', () => void renderGraph());
zoomIn.addEventListener('click', () => graphView?.zoom(1 / 1.25));
zoomOut.addEventListener('click', () => graphView?.zoom(1.25));
zoomFit.addEventListener('click', () => graphView?.fit());
runButton.addEventListener('click', () => void runKernel());
tuneButton.addEventListener('click', () => void runKernel(Math.max(1, Number(tuneBudgetInput.value) || 20)));
dropZone.addEventListener('dragover', (e) => e.preventDefault());
dropZone.addEventListener('drop', (e) => {
  e.preventDefault();
  addDroppedFiles(e.dataTransfer?.files ?? null);
});
dropZone.addEventListener('click', () => {
  runFiles = {};
  fill(dropZone, 'Drop .npy files here (NAME.npy is the argument NAME); the rest is random');
});
window.addEventListener('error', (e) => fill(diagnosticsPanel, `internal error in the page (a bug in tlir): ${e.message}`));

// ---- start: the state in the link, else the sample
void (async () => {
  client.hello.then((hello) => optionsForPipeline(hello.lowerToKrnlOptions));
  const shared = await decodeState(location.hash);
  if (shared) applyState(shared);
  else {
    loadExample(SAMPLE);
    showTab('pipeline');
  }
  clearTimeout(timer);
  void compileNow();
})();
