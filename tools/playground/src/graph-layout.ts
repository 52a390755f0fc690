// The graphs of the page, built with graphology by the compiler's own code (the op graph of --view-op-graph, the
// dispatch graph of --view-dispatch-graph) from the IR of the selected pass, and laid out in layers with dagre for
// the page to draw as SVG. Each node keeps the line of its op in that IR, so a click on it finds the op.
import dagre from '@dagrejs/dagre';
import { DispatchGraph, dispatchHosts } from '@tlir/dialect-flow';
import { AsmPrinter, Context, parseSourceString, type Operation, type Value } from '@tlir/ir';
import { DEFAULT_DIALECTS } from '@tlir/registry';
import { OpGraph } from '@tlir/transforms';
import type { GraphRequest, GraphResult, LaidOutEdge, LaidOutNode } from './protocol.js';

/** More nodes than this are cut (a layout of thousands of nodes takes seconds and is unreadable). */
export const MAX_NODES = 600;
const IR_FILE = 'ir.mlir';

interface NodeIn {
  id: string;
  label: string;
  shape: 'box' | 'ellipse';
  op: Operation | undefined;
}

interface EdgeIn {
  from: string;
  to: string;
  label: string;
  kind: string;
}

const lineOf = (op: Operation | undefined): number => {
  const at = op?.loc.fileLoc();
  return at && at.file === IR_FILE ? at.line : 0;
};

const dialectOf = (op: Operation | undefined): string => (op ? op.name.split('.')[0]! : '');

/** Lays out `nodes` and `edges` top to bottom. */
function layOut(nodes: readonly NodeIn[], edges: readonly EdgeIn[], truncated: boolean): GraphResult {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 36, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) {
    const lines = n.label.split('\n');
    const width = Math.max(40, Math.min(360, 7.2 * Math.max(...lines.map((l) => l.length)) + 16));
    g.setNode(n.id, { width, height: 16 * lines.length + 10 });
  }
  edges.forEach((e, i) => g.setEdge(e.from, e.to, {}, `e${i}`));
  dagre.layout(g);
  const byId = new Map(nodes.map((n) => [n.id, n] as const));
  const laidNodes: LaidOutNode[] = g.nodes().map((id) => {
    const n = byId.get(id)!;
    const p = g.node(id);
    return { id, label: n.label, x: p.x, y: p.y, width: p.width, height: p.height, shape: n.shape, irLine: lineOf(n.op), dialect: dialectOf(n.op) };
  });
  const laidEdges: LaidOutEdge[] = edges.map((e, i) => ({ points: (g.edge(e.from, e.to, `e${i}`)?.points ?? []).map((p: { x: number; y: number }) => ({ x: p.x, y: p.y })), label: e.label, kind: e.kind }));
  const info = g.graph();
  return { nodes: laidNodes, edges: laidEdges, width: info.width ?? 0, height: info.height ?? 0, note: undefined, truncated };
}

const empty = (note: string): GraphResult => ({ nodes: [], edges: [], width: 0, height: 0, note, truncated: false });

/** The op graph of `module`, as --view-op-graph builds it (data-flow edges). */
function opGraph(module: Operation): GraphResult {
  const graph = new OpGraph(module, { maxLabelLength: 24 });
  const keys = graph.graph.nodes();
  const kept = new Set(keys.slice(0, MAX_NODES));
  const nodes = [...kept].map((id): NodeIn => {
    const a = graph.graph.getNodeAttributes(id);
    const op = graph.opOfNode(id);
    // An op with regions is an anchor node inside its cluster (Graphviz draws the cluster's label); the page draws no
    // clusters, so an anchor without results is labelled with its op's name rather than left blank.
    const label = a.label.trim() === '' && op ? op.name : a.label;
    return { id, label: label.split('\n').slice(0, 3).join('\n'), shape: a.shape, op };
  });
  const edges: EdgeIn[] = [];
  graph.graph.forEachEdge((_, a, s, t) => {
    if (kept.has(s) && kept.has(t)) edges.push({ from: s, to: t, label: a.label, kind: a.kind });
  });
  return layOut(nodes, edges, keys.length > MAX_NODES);
}

/** A buffer node's label: where its storage comes from, and its type. */
function valueLabel(v: Value): string {
  return `${v.definingOp ? v.definingOp.name : 'argument'}\n${String(v.type).slice(0, 40)}`;
}

/** A dispatch node's label: its position and the first line of the op as printed (what it dispatches). */
function dispatchLabel(op: Operation, index: number): string {
  const line = AsmPrinter.print(op).split('\n')[0]!.trim();
  const target = /@[\w.$-]+(::@[\w.$-]+)?/.exec(line)?.[0] ?? '';
  return `#${index} ${op.name}${target ? `\n${target}` : ''}`;
}

/** The dispatch graphs of the host functions of `module`: dispatches, the buffers they read and write, dependencies. */
function dispatchGraph(module: Operation): GraphResult {
  const hosts = dispatchHosts(module);
  if (hosts.length === 0) return empty('no flow dispatches in this IR: the dispatch graph exists from flow-outline-kernels until gpu-outline-executables turns dispatches into gpu.launch_func (pick such a pass in the list)');
  const nodes: NodeIn[] = [];
  const edges: EdgeIn[] = [];
  hosts.forEach((host, h) => {
    const dg = new DispatchGraph(host);
    dg.graph.forEachNode((key, a) => {
      const id = `h${h}.${key}`;
      if (a.kind === 'dispatch') nodes.push({ id, label: dispatchLabel(a.op, a.index), shape: 'box', op: a.op });
      else nodes.push({ id, label: valueLabel(a.root), shape: 'ellipse', op: a.root.definingOp ?? undefined });
    });
    dg.graph.forEachEdge((_, a, s, t) => {
      edges.push({ from: `h${h}.${s}`, to: `h${h}.${t}`, label: a.kind === 'dependency' ? a.reasons.join(', ') : a.kind, kind: a.kind });
    });
  });
  return layOut(nodes, edges, false);
}

/** The graph `request` asks for, from the IR text of the selected pass. */
export function buildGraph(request: GraphRequest): GraphResult {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  ctx.diagnostics.addHandler(() => {});
  const module = parseSourceString(ctx, request.ir, IR_FILE);
  if (!module) return empty('the IR of this pass does not parse back');
  return request.kind === 'op' ? opGraph(module) : dispatchGraph(module);
}
