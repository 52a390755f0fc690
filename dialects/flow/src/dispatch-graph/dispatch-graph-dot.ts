// The dispatch graph in Graphviz DOT: storages as ellipses, dispatches as boxes (numbered in program order, with
// their wave), reads and writes as solid edges, dependencies between dispatches as dashed edges saying why, and the
// dispatches of one wave (independent of each other) on one rank.
import { SymbolRefAttr, getSymbolName, type Operation, type Value } from '@tlir/ir';
import type { DispatchGraph } from './dispatch-graph.js';
import { CallOp } from '../call-ops.js';
import { DispatchOp, dispatchEntryPoints } from '../dispatch-op.js';

/** A DOT string literal. */
const quote = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function dispatchLabel(op: Operation, index: number, wave: number, name: (v: Value) => string): string {
  const results = op.results.length ? `${[...new Set(op.results.map((r) => name(r).replace(/#\d+$/, '')))].join(', ')} = ` : '';
  const refs = DispatchOp.is(op)
    ? ' ' + dispatchEntryPoints(op).map((r: SymbolRefAttr) => r.toString()).join(', ')
    : CallOp.is(op)
      ? ` ${CallOp.wrap(op).callee}`
      : '';
  return `#${index} ${results}${op.name}${refs}\nwave ${wave}`;
}

/** `digraph "@host" { ... }`, ending with a newline. */
export function dispatchGraphToDot(g: DispatchGraph, name: (v: Value) => string = g.valueNamer()): string {
  const lines: string[] = [];
  const host = getSymbolName(g.host);
  lines.push(`digraph ${quote(host === undefined ? g.host.name : `@${host}`)} {`);
  g.graph.forEachNode((key, a) => {
    if (a.kind !== 'buffer') return;
    const aliases = a.values.filter((v) => v !== a.root).map(name);
    const label = `${name(a.root)} : ${a.root.type}${aliases.length ? `\nalso ${aliases.join(', ')}` : ''}`;
    lines.push(`  ${key} [label = ${quote(label)}, shape = ellipse];`);
  });
  const levels = g.levels();
  g.dispatches.forEach((op, i) => {
    lines.push(`  ${g.keyOf(op)} [label = ${quote(dispatchLabel(op, i, g.levelOf(op), name))}, shape = box];`);
  });
  const access: string[] = [];
  const dependencies: { from: number; to: number; line: string }[] = [];
  g.graph.forEachEdge((_edge, a, source, target) => {
    if (a.kind === 'dependency') {
      const label = quote(`${a.reasons.join(', ')}\n${a.through.map(name).join(', ')}`);
      dependencies.push({ from: Number(source.slice(1)), to: Number(target.slice(1)), line: `  ${source} -> ${target} [label = ${label}, style = dashed];` });
    } else access.push(`  ${source} -> ${target} [label = ${quote(a.kind)}];`);
  });
  dependencies.sort((x, y) => x.from - y.from || x.to - y.to);
  lines.push(...access, ...dependencies.map((d) => d.line));
  for (const wave of levels) {
    if (wave.length > 1) lines.push(`  { rank = same; ${wave.map((op) => g.keyOf(op)).join('; ')}; }`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}
