import { MultiDirectedGraph } from 'graphology';
import { DictionaryAttr, type Block, type Operation, type Region, type Value } from '@tlir/ir';
import { definePass, option } from '@tlir/pass';

/** What a node of the op graph stands for: an op, or a block argument. */
export interface OpGraphNode {
  label: string;
  shape: 'box' | 'ellipse';
  /** The cluster (region) the node is drawn in; -1: top level. */
  cluster: number;
}

export interface OpGraphEdge {
  kind: 'data' | 'control';
  label: string;
}

/** A cluster: an op with regions (drawn around them) or one of its regions. */
interface Cluster {
  id: number;
  parent: number;
  label: string;
}

export interface OpGraphOptions {
  /** Truncate attribute and type text to this many characters (0: no limit). */
  maxLabelLength?: number;
  printAttributes?: boolean;
  printResultTypes?: boolean;
  printDataFlowEdges?: boolean;
  printControlFlowEdges?: boolean;
}

/** The op graph of `root`: a graphology multigraph of ops and block arguments, with the region clusters. */
export class OpGraph {
  /** Ops and block arguments as nodes, values (and, optionally, successors) as edges. */
  readonly graph: MultiDirectedGraph<OpGraphNode, OpGraphEdge> = new MultiDirectedGraph<OpGraphNode, OpGraphEdge>();
  readonly clusters: Cluster[] = [];
  private readonly valueNodes = new Map<Value, string>();
  private readonly opNodes = new Map<Operation, string>();
  private readonly nodeOps = new Map<string, Operation>();
  private readonly blockNodes = new Map<Block, string>();
  private readonly valueNames = new Map<Value, string>();
  private nextNode = 0;

  constructor(
    root: Operation,
    private readonly options: OpGraphOptions = {},
  ) {
    this.addOp(root, -1);
    if (options.printDataFlowEdges ?? true) this.addDataEdges(root);
    if (options.printControlFlowEdges) this.addControlEdges(root);
  }

  /** The op a node stands for (an op with regions: its anchor node); undefined for a block argument's node. */
  opOfNode(node: string): Operation | undefined {
    return this.nodeOps.get(node);
  }

  private truncate(text: string): string {
    const max = this.options.maxLabelLength ?? 20;
    return max > 0 && text.length > max ? text.slice(0, max) + '...' : text;
  }

  private numResults = 0;
  private numArgs = 0;

  /** `%N` for results and `%argN` for block arguments, numbered in the order they are met. */
  private valueName(v: Value): string {
    let n = this.valueNames.get(v);
    if (n === undefined) {
      n = v.definingOp ? `%${this.numResults++}` : `%arg${this.numArgs++}`;
      this.valueNames.set(v, n);
    }
    return n;
  }

  private newNode(attrs: OpGraphNode): string {
    const key = `v${this.nextNode++}`;
    this.graph.addNode(key, attrs);
    return key;
  }

  private opLabel(op: Operation): string {
    const lines = [op.name];
    if (this.options.printAttributes ?? true) {
      const entries = [...(op.properties instanceof DictionaryAttr ? op.properties.entries : []), ...op.attributes.entries];
      for (const e of entries) lines.push(`${e.name}: ${this.truncate(String(e.value))}`);
    }
    if (op.numResults) {
      const withTypes = this.options.printResultTypes ?? true;
      lines.push(op.results.map((r) => this.valueName(r) + (withTypes ? ` ${this.truncate(String(r.type))}` : '')).join(', '));
    }
    return lines.join('\n');
  }

  private addOp(op: Operation, cluster: number): void {
    if (!op.numRegions) {
      const node = this.newNode({ label: this.opLabel(op), shape: 'box', cluster });
      this.opNodes.set(op, node);
      this.nodeOps.set(node, op);
      for (const r of op.results) this.valueNodes.set(r, node);
      return;
    }
    const opCluster = this.clusters.length;
    this.clusters.push({ id: opCluster, parent: cluster, label: this.opLabel(op) });
    // Results of an op with regions come from the cluster's anchor node.
    const anchor = this.newNode({ label: op.numResults ? op.results.map((r) => this.valueName(r)).join(', ') : ' ', shape: 'box', cluster: opCluster });
    this.opNodes.set(op, anchor);
    this.nodeOps.set(anchor, op);
    for (const r of op.results) this.valueNodes.set(r, anchor);
    op.regions.forEach((region, i) => this.addRegion(region, i, opCluster));
  }

  private addRegion(region: Region, index: number, parent: number): void {
    const id = this.clusters.length;
    this.clusters.push({ id, parent, label: `region #${index}` });
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      let first: string | undefined;
      for (const a of b.args) {
        const node = this.newNode({ label: `${this.valueName(a)} ${this.truncate(String(a.type))}`, shape: 'ellipse', cluster: id });
        this.valueNodes.set(a, node);
        first ??= node;
      }
      for (let op = b.firstOp; op !== null; op = op.nextOperation) {
        this.addOp(op, id);
        first ??= this.opNodes.get(op);
      }
      if (first) this.blockNodes.set(b, first);
    }
  }

  private addDataEdges(root: Operation): void {
    root.walk((op) => {
      const to = this.opNodes.get(op);
      for (const v of op.operandValues) {
        const from = this.valueNodes.get(v);
        if (from && to) this.graph.addEdge(from, to, { kind: 'data', label: this.valueName(v) });
      }
    }, 'pre');
  }

  private addControlEdges(root: Operation): void {
    root.walk((op) => {
      for (const s of op.successors) {
        const from = this.opNodes.get(op);
        const to = this.blockNodes.get(s);
        if (from && to) this.graph.addEdge(from, to, { kind: 'control', label: '' });
      }
    }, 'pre');
  }

  /** The graph in Graphviz DOT: regions as nested clusters, data-flow edges solid, control-flow edges dashed. */
  toDot(): string {
    const esc = (s: string): string => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\l') + '\\l';
    const byCluster = new Map<number, string[]>();
    this.graph.forEachNode((key, a) => {
      let list = byCluster.get(a.cluster);
      if (!list) byCluster.set(a.cluster, (list = []));
      list.push(`${key} [label = "${esc(a.label)}", shape = ${a.shape}];`);
    });
    const children = new Map<number, Cluster[]>();
    for (const c of this.clusters) {
      let list = children.get(c.parent);
      if (!list) children.set(c.parent, (list = []));
      list.push(c);
    }
    const lines: string[] = ['digraph G {', '  compound = true;'];
    const emit = (cluster: number, indent: string): void => {
      for (const n of byCluster.get(cluster) ?? []) lines.push(indent + n);
      for (const c of children.get(cluster) ?? []) {
        lines.push(`${indent}subgraph cluster_${c.id} {`);
        lines.push(`${indent}  label = "${esc(c.label)}";`);
        emit(c.id, indent + '  ');
        lines.push(`${indent}}`);
      }
    };
    emit(-1, '  ');
    this.graph.forEachEdge((_key, a, source, target) => {
      const style = a.kind === 'data' ? 'solid' : 'dashed';
      lines.push(`  ${source} -> ${target} [label = "${esc(a.label).slice(0, -2)}", style = ${style}];`);
    });
    lines.push('}');
    return lines.join('\n') + '\n';
  }
}

export const ViewOpGraphPass = definePass({
  argument: 'view-op-graph',
  name: 'PrintOpGraph',
  summary: 'Print Graphviz visualization of an operation',
  description:
    'Writes the op the pass runs on as a Graphviz DOT graph (to the tool\'s diagnostic output, stderr in ' +
    'tl-opt): ops and block arguments are nodes, values are edges from their definition to their users, ' +
    'regions are clusters. The IR is not changed.',
  options: {
    'max-label-len': option.uint('Limit attribute/type length to number of chars', 20),
    'print-attrs': option.bool('Print attributes of operations', true),
    'print-control-flow-edges': option.bool('Print control flow edges', false),
    'print-data-flow-edges': option.bool('Print data flow edges', true),
    'print-result-types': option.bool('Print result types of operations', true),
  },
  run(op, pass) {
    const o = pass.options;
    const graph = new OpGraph(op, {
      maxLabelLength: o['max-label-len'],
      printAttributes: o['print-attrs'],
      printControlFlowEdges: o['print-control-flow-edges'],
      printDataFlowEdges: o['print-data-flow-edges'],
      printResultTypes: o['print-result-types'],
    });
    pass.write(graph.toDot());
    pass.markAllAnalysesPreserved();
  },
});
