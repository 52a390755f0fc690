import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Context, SourceManager, StringAttr, formatDiagnostic, parseSourceBytes, parseSourceString, printOperation } from '../src/index.js';
import { byteString, decodeSource, encodeSource, sourceBytes } from '../src/parser/source-bytes.js';

const utf8 = new TextEncoder();

/** The generic text of what `parse` makes of `text` in a fresh context, or its formatted errors. */
function outcome(parse: (ctx: Context) => ReturnType<typeof parseSourceString>): string {
  const ctx = new Context({ allowUnregisteredDialects: true });
  const m = parse(ctx);
  if (m) return printOperation(m, { generic: true, debugInfo: true });
  return ctx.diagnostics.unhandled.map((d) => formatDiagnostic(d, ctx.sources)).join('');
}

describe('parsing from bytes', () => {
  it('reads a plain Uint8Array (not a Buffer) with non-ASCII string literals and a dialect body', () => {
    const text = '"t.a"() {s = "é€😀", t = #my.attr<"éé">} : () -> ()\n';
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceBytes(ctx, utf8.encode(text), 'a.mlir');
    expect(m).toBeDefined();
    const op = m!.regions[0]!.firstBlock!.firstOp!;
    expect((op.getAttr('s') as StringAttr).value).toBe('é€😀');
    expect(printOperation(op).trimEnd()).toBe('"t.a"() {s = "\\C3\\A9\\E2\\82\\AC\\F0\\9F\\98\\80", t = #my.attr<"éé">} : () -> ()');
  });

  it('keeps the bytes of string literals that are not UTF-8, as mlir-opt does', () => {
    // `"t.a"() {s = "<FF><FE>A\\41é"} : () -> ()` then `"t.b"() {r = @"f<FF>"} : () -> ()`: mlir-opt 22 prints
    // these two lines back as below.
    const head = utf8.encode('"t.a"() {s = "');
    const tail = utf8.encode('A\\41é"} : () -> ()\n"t.b"() {r = @"f');
    const end = utf8.encode('"} : () -> ()\n');
    const src = new Uint8Array([...head, 0xff, 0xfe, ...tail, 0xff, ...end]);
    const ctx = new Context({ allowUnregisteredDialects: true });
    const m = parseSourceBytes(ctx, src, 'raw.mlir');
    expect(m).toBeDefined();
    expect(printOperation(m!)).toContain('"t.a"() {s = "\\FF\\FEAA\\C3\\A9"} : () -> ()');
    expect(printOperation(m!)).toContain('"t.b"() {r = @"f\\FF"} : () -> ()');
  });

  it('reports errors at byte columns and shows the source line decoded from the bytes', () => {
    const text = '"t.a"() {s = "é"} : () -> () %x\n';
    const got = outcome((ctx) => parseSourceBytes(ctx, utf8.encode(text), 'b.mlir'));
    // After `%x`, where the name should be followed by '=': character 32, byte 33 (as mlir-opt says).
    expect(got).toBe('b.mlir:1:33: error: expected \'=\' after SSA name\n"t.a"() {s = "é"} : () -> () %x\n');
  });

  it('gives what parsing the same text as a string gives, for any mix of ASCII and non-ASCII literals', () => {
    const piece = fc.oneof(
      fc.constantFrom('a', 'é', '€', '😀', ' ', '\\22', '\\n'),
      fc.string({ unit: fc.constantFrom('x', 'ÿ', 'Ω', '✓', '\u{1F600}'), maxLength: 4 }),
    );
    const literal = fc.array(piece, { maxLength: 6 }).map((ps) => `"${ps.join('')}"`);
    fc.assert(
      fc.property(fc.array(literal, { minLength: 1, maxLength: 4 }), fc.boolean(), (lits, broken) => {
        const attrs = lits.map((l, i) => `s${i} = ${l}`).join(', ');
        const text = `"t.a"() {${attrs}} : () -> ()  "t.b"() {t = #my.attr<${lits[0]}>} : () -> ()${broken ? ' %x' : ''}\n`;
        const fromBytes = outcome((ctx) => parseSourceBytes(ctx, utf8.encode(text), 'p.mlir'));
        const fromString = outcome((ctx) => parseSourceString(ctx, text, 'p.mlir'));
        expect(fromBytes).toBe(fromString);
      }),
      { numRuns: 300 },
    );
  });
});

describe('source-bytes', () => {
  it('decodes spans as UTF-8 and makes one character per byte for keys', () => {
    const src = encodeSource('ab "é" 12345678');
    expect(decodeSource(src, 0, 2)).toBe('ab');
    expect(decodeSource(src, 3, 7)).toBe('"é"');
    expect(decodeSource(src, 8, 16)).toBe('12345678');
    // Every length of the short path and the native one, and an empty span.
    for (let n = 0; n <= 8; n++) expect(byteString(src, 8, 8 + n)).toBe('12345678'.slice(0, n));
    expect(byteString(src, 4, 6)).toBe('\u00c3\u00a9');
  });

  it('keeps a plain Uint8Array as a Buffer over the same memory', () => {
    const plain = utf8.encode('abc');
    const kept = sourceBytes(plain);
    expect(kept.buffer).toBe(plain.buffer);
    expect(Buffer.isBuffer(kept)).toBe(true);
    expect(sourceBytes(kept)).toBe(kept);
  });

  it('renders source lines of a buffer registered as bytes', () => {
    const s = new SourceManager();
    s.addBuffer('c.mlir', utf8.encode('one\r\n"é" two\nthree'));
    expect(s.getLine('c.mlir', 1)).toBe('one');
    expect(s.getLine('c.mlir', 2)).toBe('"é" two');
    expect(s.getLine('c.mlir', 3)).toBe('three');
    expect(s.getLine('c.mlir', 4)).toBeUndefined();
  });
});
