// --view-dispatch-graph: prints the dispatch graph of every host function (a function with dispatches) as DOT.
import { definePass } from '@tlir/pass';
import { DispatchGraph, dispatchHosts } from './dispatch-graph.js';
import { dispatchGraphToDot } from './dispatch-graph-dot.js';

export const ViewDispatchGraphPass = definePass({
  argument: 'view-dispatch-graph',
  name: 'ViewDispatchGraph',
  summary: 'Print the dispatch graph of each host function as Graphviz DOT',
  description:
    'Writes, for each function that contains flow dispatches (flow.dispatch, flow.dispatch.workgroups, ' +
    "flow.dispatch.region), a Graphviz digraph to the tool's diagnostic output (stderr in tl-opt): the tensors " +
    'the dispatches read and write (one node per storage: a result tied to an operand is that operand), the ' +
    'dispatches in program order with the wave they can run in, and the dependencies between them (read after ' +
    'write, write after read, write after write, data through host values). Dispatches of one wave are ' +
    'independent. The IR is not changed.',
  run(op, pass) {
    const graphs = dispatchHosts(op).map((host) => new DispatchGraph(host));
    if (graphs.length) {
      const name = graphs[0]!.valueNamer();
      pass.write(graphs.map((g) => dispatchGraphToDot(g, name)).join(''));
    }
    pass.markAllAnalysesPreserved();
  },
});
