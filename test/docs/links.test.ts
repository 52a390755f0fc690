// Every relative link of the repository's Markdown files points at a file that exists, and every `#anchor` at a
// heading of its target (GitHub's slugs: lower case, punctuation dropped, spaces as hyphens, repeats numbered).
// Links to other sites are not followed (the tests reach no network).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git']);

function markdownFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found;
}

/** The text outside fenced code blocks and inline code, line by line (code holds no links). */
function proseLines(text: string): { line: number; text: string; raw: string }[] {
  const lines: { line: number; text: string; raw: string }[] = [];
  let fenced = false;
  text.split('\n').forEach((l, i) => {
    if (/^\s*(```|~~~)/.test(l)) fenced = !fenced;
    else if (!fenced) lines.push({ line: i + 1, text: l.replace(/`[^`]*`/g, ''), raw: l });
  });
  return lines;
}

/** GitHub's anchor for a heading. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let set = anchorCache.get(file);
  if (set) return set;
  set = new Set();
  const seen = new Map<string, number>();
  for (const { raw } of proseLines(readFileSync(file, 'utf8'))) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    set.add(n === 0 ? base : `${base}-${n}`);
  }
  // Explicit anchors: <a id="..."> or <a name="...">.
  for (const m of readFileSync(file, 'utf8').matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) set.add(m[1]!);
  anchorCache.set(file, set);
  return set;
}

/** The broken links of one file, as `file:line: target (why)`. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const { line, text } of proseLines(readFileSync(file, 'utf8'))) {
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      const targetFile = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
      const where = `${relative(root, file)}:${line}: ${target}`;
      if (!existsSync(targetFile)) {
        broken.push(`${where} (no such file)`);
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (statSync(targetFile).isDirectory() || !targetFile.endsWith('.md')) {
        broken.push(`${where} (an anchor into a file that is not Markdown)`);
        continue;
      }
      if (!anchors(targetFile).has(anchor)) broken.push(`${where} (no heading '#${anchor}' in ${relative(root, targetFile)})`);
    }
  }
  return broken;
}

describe('documentation links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slug('6. A plugin')).toBe('6-a-plugin');
    expect(slug('Case `tl-front-end`')).toBe('case-tl-front-end');
    expect(slug('Choices where the spec is silent, ambiguous or wrong')).toBe('choices-where-the-spec-is-silent-ambiguous-or-wrong');
  });

  it('finds a broken link and a broken anchor', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tlir-links-'));
    const file = join(dir, 'page.md');
    writeFileSync(file, ['# Page', '', `[ok](${join(root, 'docs/passes.md')}#6-a-plugin)`, `[bad anchor](${join(root, 'docs/passes.md')}#5-a-plugin)`, '[missing](nowhere.md)', '[self](#page)', '`[code](nowhere.md)`', ''].join('\n'));
    try {
      expect(brokenLinks(file).map((b) => b.replace(/^[^:]*:/, ''))).toEqual([
        `4: ${join(root, 'docs/passes.md')}#5-a-plugin (no heading '#5-a-plugin' in docs/passes.md)`,
        '5: nowhere.md (no such file)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const files = markdownFiles(root).sort();
  it('covers the README and docs/', () => {
    expect(files.map((f) => relative(root, f))).toEqual(expect.arrayContaining(['README.md', 'docs/passes.md', 'examples/plugins/README.md']));
  });
  for (const file of files) {
    it(`${relative(root, file)}: every relative link resolves`, () => {
      expect(brokenLinks(file)).toEqual([]);
    });
  }
});
