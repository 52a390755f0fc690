// `flow.tensor.trace "key" = [%a : tensor<4xf32>, %b : tensor<?xi32>{%n}]`: tensors sent to a trace sink at run time.
import { AnyRankedTensor, DenseArrayAttr, Index, IntegerType, StrAttr, StringAttr, Variadic, defineOp, type Type, type UnresolvedOperand } from '@tlir/ir';
import { MemRead, MemWrite } from '@tlir/rewrite';
import { parseDynamicDims, printDynamicDims, verifyDynamicDims } from './shaped-dims.js';

export const TensorTraceOp = defineOp('flow.tensor.trace', {
  summary: 'Traces one or more tensor values at runtime',
  description: `
Traces out to a runtime trace sink (console, log file, etc) the given tensors, each with its type and dynamic
dimensions. The key is arbitrary and can be used for identifying the set of values being traced. The reference
interpreter gives the tensors to the \`traceSink\` of \`registerFlowInterpreter\` (nothing is printed without one).

\`\`\`mlir
flow.tensor.trace "FOOBAR" = [%t0 : tensor<5xf32>, %t1 : tensor<?x3x?xi32>{%d0, %d2}]
\`\`\`
`,
  operands: { values: Variadic(AnyRankedTensor), value_dims: Variadic(Index) },
  properties: { key: StrAttr },
  // Tracing is an effect the program must keep, in order.
  traits: [MemRead, MemWrite],
  parse(p, state) {
    const ctx = p.context;
    state.addAttribute('key', StringAttr.get(ctx, p.parseString()));
    p.parseEqual();
    p.parseLSquare();
    const values: UnresolvedOperand[] = [];
    const types: Type[] = [];
    const dims: UnresolvedOperand[] = [];
    if (!p.parseOptionalRSquare()) {
      do {
        values.push(p.parseOperand());
        p.parseColon();
        const t = p.parseType();
        types.push(t);
        parseDynamicDims(p, t, dims);
      } while (p.parseOptionalComma());
      p.parseRSquare();
    }
    p.parseOptionalAttrDictWithKeyword(state.attributes);
    const index = Index.build!(ctx);
    state.addOperands(...p.resolveOperands(values, types), ...p.resolveOperands(dims, dims.map(() => index)));
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.get(ctx, IntegerType.get(ctx, 32), [values.length, dims.length]));
    return true;
  },
  print(t, p) {
    p.write(' ');
    p.printAttribute(t.key);
    p.write(' = [');
    const next = { index: 0 };
    t.values.forEach((v, i) => {
      if (i) p.write(', ');
      p.printOperand(v);
      p.write(' : ');
      p.printType(v.type);
      printDynamicDims(p, v.type, t.value_dims, next);
    });
    p.write(']');
    p.printOptionalAttrDictWithKeyword(t.op.attributes);
  },
  verify: (t) => verifyDynamicDims(t.op, t.values.map((v) => v.type), t.value_dims),
});
