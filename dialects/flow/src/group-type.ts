// `!flow.group<memref<16x8xf32, strided<[1, 16], offset: ?>>, offset: ?>`: the memrefs of a tensor-language group,
// as a dispatch receives them (a tlir extension of flow).
import { DYNAMIC, IntParameter, MemRefType, TypeParameter, defineType } from '@tlir/ir';

const text = (n: number): string => (n === DYNAMIC ? '?' : String(n));

/**
 * A group of memrefs (spec: tensor language, Group type): N memrefs of one memref type, each moved by `offset`
 * elements when loaded. The memrefs may differ in their dynamic sizes and strides. A dispatch receives a group as
 * one argument; a later stage binds it as one storage buffer holding every memref plus a table of where each starts
 * (and of its dynamic sizes), and `flow.group.load` reads that table. The reference interpreter runs it on the host
 * values of the tensor language (tl's `GroupValue`).
 */
export const FlowGroupType = defineType('flow.group', {
  summary: 'A group of memrefs of one type, each moved by an offset',
  description: `
\`!flow.group<memref-type[, offset: N | ?]>\`: the memrefs of a tensor-language \`group<...>\` at a dispatch's boundary
(a tlir extension). \`flow.group.load %g[%i]\` gives the memref at index \`%i\` moved by the offset (default 0; \`?\`
when it is only known at run time). A non-zero or dynamic offset needs a memref type whose layout offset is dynamic.
Later stages lower a group to one storage buffer plus a table of offsets.

\`\`\`mlir
func.func @f(%g: !flow.group<memref<16x?xf32, strided<[1, 16], offset: ?>>, offset: ?>) { ... }
\`\`\`
`,
  parameters: { memrefType: TypeParameter, offset: IntParameter },
  parse(p) {
    p.parseLess();
    const memrefType = p.parseType();
    let offset = 0;
    if (p.parseOptionalComma()) {
      p.parseKeyword('offset');
      p.parseColon();
      offset = p.parseOptionalQuestion() ? DYNAMIC : Number(p.parseInteger());
    }
    p.parseGreater();
    return { memrefType, offset };
  },
  print(v, w) {
    w.write('<');
    w.printType(v.memrefType);
    if (v.offset !== 0) w.write(`, offset: ${text(v.offset)}`);
    w.write('>');
  },
  verify(v) {
    const m = v.memrefType;
    if (!(m instanceof MemRefType)) return `a group holds ranked memrefs, got ${m}`;
    if (v.offset !== DYNAMIC && v.offset < 0) return `the offset of a group cannot be negative, got ${v.offset}`;
    if (v.offset !== 0 && m.stridedLayout?.offset !== DYNAMIC) return `a group with offset ${text(v.offset)} needs memrefs with a dynamic layout offset (strided<[...], offset: ?>), got ${m}`;
    return undefined;
  },
});
export type FlowGroupType = ReturnType<typeof FlowGroupType.get>;
