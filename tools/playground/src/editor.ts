// The editor: CodeMirror 6 with highlighting for the tensor language (.tl) and MLIR (.mlir), the compiler's
// diagnostics inline (lint markers at their locations, with tl-opt's messages) and a highlighted source line (the
// line an op of the lowered IR came from).
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, HighlightStyle, StreamLanguage, syntaxHighlighting, type StreamParser } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { Compartment, EditorState, StateEffect, StateField } from '@codemirror/state';
import { Decoration, EditorView, highlightActiveLine, keymap, lineNumbers, type DecorationSet } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { InputLanguage, PageDiagnostic } from './protocol.js';

const TL_TYPES = /^(?:bool|i8|i16|i32|i64|f16|bf16|f32|f64|index|c32|c64|memref|group|void)\b/;

const tlParser: StreamParser<unknown> = {
  name: 'tensor-language',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^;.*/)) return 'comment';
    if (stream.sol() && stream.match(/^\s*#\w+/)) return 'meta';
    if (stream.match(/^%[\w.$-]+/)) return 'variableName';
    if (stream.match(/^@[\w.$-]+/)) return 'function';
    if (stream.match(/^-?\d+(\.\d*)?([eE][+-]?\d+)?(_?[iuf]\d+|_index)?/)) return 'number';
    if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return 'string';
    if (stream.match(TL_TYPES)) return 'typeName';
    if (stream.match(/^[A-Za-z_][\w.]*/)) return 'keyword';
    stream.next();
    return null;
  },
};

const mlirParser: StreamParser<unknown> = {
  name: 'mlir',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match(/^\/\/.*/)) return 'comment';
    if (stream.match(/^%[\w.$#-]+/)) return 'variableName';
    if (stream.match(/^\^[\w.$-]+/)) return 'labelName';
    if (stream.match(/^@[\w.$-]+/)) return 'function';
    if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return 'string';
    if (stream.match(/^-?(0x[0-9a-fA-F]+|\d+(\.\d*)?([eE][+-]?\d+)?)/)) return 'number';
    if (stream.match(/^[!#][\w.$-]+/)) return 'typeName';
    if (stream.match(/^(?:[if]\d+|bf16|index|memref|tensor|vector|none)\b/)) return 'typeName';
    if (stream.match(/^[a-z_]\w*\.[\w.]+/)) return 'keyword';
    if (stream.match(/^[A-Za-z_][\w]*/)) return 'attributeName';
    stream.next();
    return null;
  },
};

const highlight = HighlightStyle.define([
  { tag: tags.comment, class: 'tok-comment' },
  { tag: tags.keyword, class: 'tok-keyword' },
  { tag: tags.variableName, class: 'tok-variable' },
  { tag: tags.function(tags.variableName), class: 'tok-function' },
  { tag: tags.number, class: 'tok-number' },
  { tag: tags.string, class: 'tok-string' },
  { tag: tags.typeName, class: 'tok-type' },
  { tag: tags.meta, class: 'tok-meta' },
  { tag: tags.labelName, class: 'tok-label' },
  { tag: tags.attributeName, class: 'tok-attribute' },
]);

export const languageFor = (language: InputLanguage) => StreamLanguage.define(language === 'tl' ? tlParser : mlirParser);

const setHighlightedLine = StateEffect.define<number>();
const sourceLineHighlight = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    let next = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (!e.is(setHighlightedLine)) continue;
      const line = e.value;
      next = line >= 1 && line <= tr.state.doc.lines ? Decoration.set([Decoration.line({ class: 'cm-sourceLine' }).range(tr.state.doc.line(line).from)]) : Decoration.none;
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f),
});

export interface Editor {
  readonly view: EditorView;
  text(): string;
  setText(text: string, language: InputLanguage): void;
  showDiagnostics(diagnostics: readonly PageDiagnostic[]): void;
  highlightLine(line: number): void;
}

/** An editor in `parent`; `onChange` runs after each edit. */
export function createEditor(parent: HTMLElement, text: string, language: InputLanguage, onChange: () => void): Editor {
  const languageSlot = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        history(),
        bracketMatching(),
        highlightActiveLine(),
        lintGutter(),
        syntaxHighlighting(highlight),
        languageSlot.of(languageFor(language)),
        sourceLineHighlight,
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange();
        }),
        EditorView.contentAttributes.of({ 'aria-label': 'kernel source' }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(t, lang) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t }, effects: languageSlot.reconfigure(languageFor(lang)) });
    },
    showDiagnostics(diagnostics) {
      const doc = view.state.doc;
      const marks: CmDiagnostic[] = [];
      for (const d of diagnostics) {
        if (d.line < 1 || d.line > doc.lines) continue;
        const line = doc.line(d.line);
        const from = Math.min(line.to, line.from + Math.max(0, d.column - 1));
        // The token at the column (to the end of the word), at least one character.
        const rest = doc.sliceString(from, line.to);
        const word = /^[\w%@.$-]+/.exec(rest)?.[0].length ?? 1;
        marks.push({ from, to: Math.min(line.to, from + Math.max(1, word)), severity: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'info', message: d.rendered.trimEnd() });
      }
      view.dispatch(setDiagnostics(view.state, marks));
    },
    highlightLine(line) {
      const effects: StateEffect<unknown>[] = [setHighlightedLine.of(line)];
      if (line >= 1 && line <= view.state.doc.lines) effects.push(EditorView.scrollIntoView(view.state.doc.line(line).from, { y: 'center' }));
      view.dispatch({ effects });
    },
  };
}
