import type { Dialect } from '../dialect.js';
import type { OpDefinition } from '../op-definition.js';
import type { AttrDef, TypeDef } from './define-attr-type.js';
import type { DialectDef } from './define-dialect.js';
import type { OpDef } from './define-op.js';
import type { OpDeclaration, ValueGroup } from './op-declaration.js';

/** `OpDefinition`s made by defineOp carry their declaration; hand-written ones are documented by name only. */
function declarationOf(op: OpDefinition): { decl: OpDeclaration; format: string | undefined } | undefined {
  const d = op as Partial<OpDef>;
  return d.declaration ? { decl: d.declaration, format: d.spec?.assemblyFormat } : undefined;
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function valueDescription(g: ValueGroup, decl: OpDeclaration): string {
  let c: string;
  if (g.sameAs) {
    const other = g.sameAs.kind === 'operand' ? decl.operands[g.sameAs.index]! : decl.results[g.sameAs.index]!;
    c = g.constraint ? `${g.constraint.summary}, same type as \`${other.name}\`` : `same type as \`${other.name}\``;
  } else if (g.typesFrom) c = `${g.constraint?.summary ?? 'any type'} (${g.typesFrom.summary})`;
  else c = g.constraint?.summary ?? 'any type';
  return g.arity === 'variadic' ? `variadic of ${c}` : g.arity === 'optional' ? `optional ${c}` : c;
}

/** The trait names a reader cares about (not the checks generated from the declaration). */
function traitNames(op: OpDefinition): string[] {
  const iface = new Set((op.interfaces ?? []).map((i) => i.iface.name));
  return (op.traits ?? []).map((t) => t.name).filter((n) => !n.startsWith(`${op.name}.`) && !iface.has(n));
}

function opSection(op: OpDefinition): string[] {
  const out: string[] = [];
  const decl = declarationOf(op);
  out.push(`### \`${op.name}\``, '');
  if (op.summary) out.push(`_${op.summary}_`, '');
  if (decl?.format !== undefined) {
    out.push('Syntax:', '', '```', `operation ::= \`${op.name}\` ${decl.format.trim().replace(/\s+/g, ' ')}`, '```', '');
  } else if (op.parse) out.push('Syntax: hand-written (see the description).', '');
  if (op.description) out.push(op.description.trim(), '');
  const traits = traitNames(op);
  if (traits.length) out.push(`Traits: ${traits.map((t) => `\`${t}\``).join(', ')}`, '');
  const ifaces = (op.interfaces ?? []).map((i) => i.iface.name);
  if (ifaces.length) out.push(`Interfaces: ${ifaces.map((t) => `\`${t}\``).join(', ')}`, '');
  if (!decl) return out;
  const { decl: d } = decl;
  if (d.properties.length) {
    out.push('#### Properties:', '', '| Property | Description |', '| :------: | ----------- |');
    for (const p of d.properties) {
      const presence = p.presence === 'optional' ? ' (optional)' : p.presence === 'default' ? ' (has a default value)' : '';
      out.push(`| \`${p.name}\` | ${escapeCell(p.constraint.summary)}${presence} |`);
    }
    out.push('');
  }
  if (d.operands.length) {
    out.push('#### Operands:', '', '| Operand | Description |', '| :-----: | ----------- |');
    for (const g of d.operands) out.push(`| \`${g.name}\` | ${escapeCell(valueDescription(g, d))} |`);
    out.push('');
  }
  if (d.results.length) {
    out.push('#### Results:', '', '| Result | Description |', '| :----: | ----------- |');
    for (const g of d.results) out.push(`| \`${g.name}\` | ${escapeCell(valueDescription(g, d))} |`);
    out.push('');
  }
  if (d.regions.length) {
    out.push('#### Regions:', '', '| Region | Constraint |', '| :----: | ---------- |');
    for (const r of d.regions) out.push(`| \`${r.name}\` | ${r.variadic ? 'variadic of ' : ''}${escapeCell(r.constraint.summary)} |`);
    out.push('');
  }
  if (d.successors.length) {
    out.push('#### Successors:', '', '| Successor | Description |', '| :-------: | ----------- |');
    for (const s of d.successors) out.push(`| \`${s.name}\` | ${s.variadic ? 'variadic of ' : ''}${escapeCell(s.constraint.summary)} |`);
    out.push('');
  }
  return out;
}

function attrOrTypeSection(def: TypeDef | AttrDef, sigil: '!' | '#'): string[] {
  const out: string[] = [`### \`${sigil}${def.name}\``, ''];
  if (def.spec.summary) out.push(`_${def.spec.summary}_`, '');
  if (def.spec.assemblyFormat !== undefined) {
    out.push('Syntax:', '', '```', `${sigil}${def.name}${def.spec.assemblyFormat.trim() ? ' ' + def.spec.assemblyFormat.trim() : ''}`, '```', '');
  }
  if (def.spec.description) out.push(def.spec.description.trim(), '');
  const params = Object.entries(def.spec.parameters ?? {});
  if (params.length) {
    out.push('#### Parameters:', '', '| Parameter | Description |', '| :-------: | ----------- |');
    for (const [n, p] of params) out.push(`| \`${n}\` | ${escapeCell(p.summary)}${p.optional ? ' (optional)' : ''} |`);
    out.push('');
  }
  return out;
}

/**
 * The markdown documentation of a dialect, in the shape of MLIR's generated dialect docs: the dialect's
 * summary and description, then each operation (summary, syntax from its assembly format, description,
 * traits, interfaces, tables of properties, operands, results, regions, successors), attribute and type.
 */
export function generateDialectDoc(dialect: Dialect & Partial<DialectDef>): string {
  const out: string[] = [
    `# '${dialect.name}' Dialect`,
    '',
    '<!-- Generated from the dialect definitions by `pnpm docs:dialects`: edit the definitions, not this file. -->',
    '',
  ];
  if (dialect.summary) out.push(`_${dialect.summary}_`, '');
  if (dialect.description) out.push(dialect.description.trim(), '');
  const ops = [...(dialect.operations ?? [])].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (ops.length) {
    out.push('## Operations', '');
    for (const op of ops) out.push(...opSection(op));
  }
  if (dialect.attributes?.length) {
    out.push('## Attributes', '');
    for (const a of dialect.attributes) out.push(...attrOrTypeSection(a, '#'));
  }
  if (dialect.types?.length) {
    out.push('## Types', '');
    for (const t of dialect.types) out.push(...attrOrTypeSection(t, '!'));
  }
  while (out[out.length - 1] === '') out.pop();
  return out.join('\n') + '\n';
}
