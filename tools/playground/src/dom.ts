// Building the page's elements. User text (kernels, IR, messages, file names) only ever becomes text nodes: nothing
// here parses HTML, and attributes named on* (event handlers) are refused.

type Child = Node | string | number | false | null | undefined;

export interface Props {
  class?: string;
  id?: string;
  title?: string;
  attrs?: Readonly<Record<string, string>>;
}

function setAttributes(el: Element, props: Props): void {
  if (props.class) el.setAttribute('class', props.class);
  if (props.id) el.setAttribute('id', props.id);
  if (props.title) el.setAttribute('title', props.title);
  for (const [name, value] of Object.entries(props.attrs ?? {})) {
    if (/^on/i.test(name)) throw new Error(`refusing to set the event-handler attribute '${name}'`);
    el.setAttribute(name, value);
  }
}

function appendChildren(el: Element, children: readonly Child[]): void {
  for (const c of children) {
    if (c === false || c === null || c === undefined) continue;
    el.append(typeof c === 'number' ? String(c) : c); // a string becomes a text node
  }
}

/** An HTML element with text (never markup) and child elements. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttributes(el, props);
  appendChildren(el, children);
  return el;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element. */
export function s<K extends keyof SVGElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  setAttributes(el, props);
  appendChildren(el, children);
  return el;
}

/** Replaces the children of `el`. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  appendChildren(el, children);
}
