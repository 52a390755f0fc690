// Drawing a laid-out graph as SVG: boxes for ops, ellipses for block arguments and buffers, edges as polylines, with
// zoom (wheel, buttons) and panning (drag); a click on a node calls `onNode`.
import { s } from './dom.js';
import type { GraphResult, LaidOutNode } from './protocol.js';

export interface GraphView {
  readonly svg: SVGSVGElement;
  zoom(factor: number): void;
  fit(): void;
}

const DIALECT_CLASSES = new Set(['tl', 'krnl', 'scf', 'arith', 'math', 'memref', 'gpu', 'flow', 'func', 'builtin']);

export function drawGraph(graph: GraphResult, onNode: (node: LaidOutNode) => void): GraphView {
  const svg = s('svg', { class: 'graph', attrs: { role: 'img', 'aria-label': 'graph' } });
  const layer = s('g');
  svg.append(s('defs', {}, s('marker', { id: 'arrow', attrs: { viewBox: '0 0 10 10', refX: '10', refY: '5', markerWidth: '6', markerHeight: '6', orient: 'auto-start-reverse' } }, s('path', { attrs: { d: 'M 0 0 L 10 5 L 0 10 z' } }))), layer);
  for (const e of graph.edges) {
    if (e.points.length < 2) continue;
    const line = s('polyline', { class: `edge edge-${e.kind}`, attrs: { points: e.points.map((p) => `${p.x},${p.y}`).join(' '), 'marker-end': 'url(#arrow)' } });
    line.append(s('title', {}, e.label));
    layer.append(line);
  }
  for (const n of graph.nodes) {
    const dialect = DIALECT_CLASSES.has(n.dialect) ? n.dialect : 'other';
    const group = s('g', { class: `node node-${dialect}${n.irLine ? ' node-linked' : ''}`, attrs: { transform: `translate(${n.x - n.width / 2},${n.y - n.height / 2})`, 'data-node': n.id, 'data-ir-line': String(n.irLine) } });
    group.append(
      n.shape === 'box'
        ? s('rect', { attrs: { width: String(n.width), height: String(n.height), rx: '3' } })
        : s('ellipse', { attrs: { cx: String(n.width / 2), cy: String(n.height / 2), rx: String(n.width / 2), ry: String(n.height / 2) } }),
    );
    n.label.split('\n').forEach((text, i) => {
      group.append(s('text', { attrs: { x: String(n.width / 2), y: String(16 * i + 17), 'text-anchor': 'middle' } }, text));
    });
    group.addEventListener('click', () => onNode(n));
    layer.append(group);
  }
  let box = { x: 0, y: 0, w: Math.max(graph.width, 1), h: Math.max(graph.height, 1) };
  const apply = (): void => svg.setAttribute('viewBox', `${box.x} ${box.y} ${box.w} ${box.h}`);
  const zoom = (factor: number, cx = box.x + box.w / 2, cy = box.y + box.h / 2): void => {
    box = { x: cx - (cx - box.x) * factor, y: cy - (cy - box.y) * factor, w: box.w * factor, h: box.h * factor };
    apply();
  };
  const fit = (): void => {
    box = { x: 0, y: 0, w: Math.max(graph.width, 1), h: Math.max(graph.height, 1) };
    apply();
  };
  // At first, one unit of the layout per pixel from the top left (a large graph fitted whole is unreadable); the
  // size of the view is known once the SVG is in the page.
  fit();
  requestAnimationFrame(() => {
    const r = svg.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && Math.min(r.width / graph.width, r.height / graph.height) < 0.5) {
      const first = graph.nodes.reduce((a, n) => (n.y < a.y || (n.y === a.y && n.x < a.x) ? n : a), graph.nodes[0] ?? { x: 0, y: 0, width: 0, height: 0 });
      box = { x: Math.max(0, first.x - r.width / 4), y: 0, w: r.width, h: r.height };
      apply();
    }
  });
  svg.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      const r = svg.getBoundingClientRect();
      const scale = Math.max(box.w / r.width, box.h / r.height);
      zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, box.x + (event.clientX - r.left) * scale, box.y + (event.clientY - r.top) * scale);
    },
    { passive: false },
  );
  let drag: { x: number; y: number } | undefined;
  svg.addEventListener('pointerdown', (e) => {
    if ((e.target as Element).closest('.node')) return;
    drag = { x: e.clientX, y: e.clientY };
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const r = svg.getBoundingClientRect();
    const scale = Math.max(box.w / r.width, box.h / r.height);
    box = { ...box, x: box.x - (e.clientX - drag.x) * scale, y: box.y - (e.clientY - drag.y) * scale };
    drag = { x: e.clientX, y: e.clientY };
    apply();
  });
  const stop = (): void => void (drag = undefined);
  svg.addEventListener('pointerup', stop);
  svg.addEventListener('pointerleave', stop);
  return { svg, zoom: (f) => zoom(f), fit };
}
