// The host's page template with named slots, found by parsing it as a browser would (parse5, the
// WHATWG parser jsdom uses), not by patterns over its text: a page html-webpack-plugin writes
// another way (minified, quoted or not, attributes added to the root or the title) fills the same.
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { escapeHtml } from './page-html';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What a page puts in the template's slots. */
export interface PageSlots {
  /** The page's title, as text (escaped here). */
  title: string;
  /** HTML added at the end of `<head>`: styles, preload hints, the inline configuration and data. */
  head: string;
  /** The server-rendered app, the HTML inside the root element (`<div id="root">`). */
  root: string;
}

export interface PageTemplate {
  fill(slots: PageSlots): string;
}

const isElement = (node: Node): node is Element => 'tagName' in node;

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}

/**
 * Splits the template once, at the server's start, into the text around its three slots: the
 * title's text, the end of `<head>`, the root element's content. A template without one of them
 * (a title in the head, a written `</head>`, one empty element with id `root` in the body, its end
 * tag written) is refused then, naming what is missing, instead of serving pages without it.
 */
export function parsePageTemplate(html: string, source: string): PageTemplate {
  const refuse = (what: string): never => {
    throw new Error(`The page template ${source} ${what}: the host's server cannot render its pages.`);
  };
  const document = parse(html, { sourceCodeLocationInfo: true });
  const all = [...elements(document)];
  const head = all.find((element) => element.tagName === 'head');
  const body = all.find((element) => element.tagName === 'body');
  const titles = head ? [...elements(head)].filter((element) => element.tagName === 'title') : [];
  const roots = body ? [...elements(body)].filter((element) => element.attrs.some((attr) => attr.name === 'id' && attr.value === 'root')) : [];
  if (titles.length !== 1) refuse(`has ${titles.length} <title> elements in its <head> (one expected)`);
  if (roots.length !== 1) refuse(`has ${roots.length} elements with id "root" in its <body> (one expected)`);
  const title = titles[0] as Element;
  const root = roots[0] as Element;
  if (root.childNodes.length) refuse('has content inside its root element (the server renders the app there)');
  const headEnd = head?.sourceCodeLocation?.endTag?.startOffset;
  const titleStart = title.sourceCodeLocation?.startTag?.endOffset;
  const titleEnd = title.sourceCodeLocation?.endTag?.startOffset;
  const rootStart = root.sourceCodeLocation?.startTag?.endOffset;
  const rootEnd = root.sourceCodeLocation?.endTag?.startOffset;
  if (headEnd === undefined) refuse('does not write its </head> end tag');
  if (titleStart === undefined || titleEnd === undefined) refuse('does not write its <title> end tag');
  if (rootStart === undefined || rootEnd === undefined) refuse("does not write its root element's end tag");
  // In document order: <title>|title|</title> ... |</head> ... <div id="root">|root|</div>
  const beforeTitle = html.slice(0, titleStart);
  const afterTitle = html.slice(titleEnd, headEnd);
  const beforeRoot = html.slice(headEnd, rootStart);
  const afterRoot = html.slice(rootEnd);
  return {
    fill: (slots) => `${beforeTitle}${escapeHtml(slots.title)}${afterTitle}${slots.head}\n${beforeRoot}${slots.root}${afterRoot}`,
  };
}
