// The tensor-language examples of the docs (tensor-language.test.ts, tutorial.test.ts): a Markdown file's fenced
// blocks of one language, and compiling one with the front end and the verifier.
import { Context, formatDiagnostic, verify, type Diagnostic } from '@tlir/ir';
import { parseTensorLanguage } from '@tlir/frontend-tl';
import { DEFAULT_DIALECTS } from '@tlir/registry';

/** The fenced blocks of a Markdown text in language `lang`, with the line each starts on. */
export function codeBlocks(text: string, lang: string): { line: number; text: string }[] {
  const blocks: { line: number; text: string }[] = [];
  for (const m of text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
    if (m[1] === lang) blocks.push({ line: text.slice(0, m.index).split('\n').length + 1, text: m[2]! });
  }
  return blocks;
}

/** Compiles tensor-language text; the diagnostics, rendered, if any. */
export function compileTl(text: string, file: string): string[] {
  const ctx = new Context({ dialects: [...DEFAULT_DIALECTS] });
  const diags: Diagnostic[] = [];
  ctx.diagnostics.addHandler((d) => diags.push(d));
  const module = parseTensorLanguage(ctx, text, file);
  if (module) verify(module);
  return diags.map((d) => formatDiagnostic(d, ctx.sources));
}

