import { minify } from 'html-minifier-terser';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { parsePageTemplate } from './page-template';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

// The page every app's build starts from (webpack.shared.js), as the tests' own copy would drift.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pageHtml } = require('../../webpack.shared.js') as { pageHtml: (title: string) => string };

/** html-webpack-plugin's minification in a production build (its defaults). */
const minifiedLikeTheBuild = (html: string): Promise<string> =>
  minify(html, {
    collapseWhitespace: true,
    keepClosingSlash: true,
    removeComments: true,
    removeRedundantAttributes: true,
    removeScriptTypeAttributes: true,
    removeStyleLinkTypeAttributes: true,
    useShortDoctype: true,
  });

const SLOTS = {
  title: 'Dr. Ada <Lovelace> & "Sons" · CareBook',
  head: '<script id="carebook-config" type="application/json">{"a":1}</script>',
  root: '<main><h1>Find a doctor</h1></main>',
};

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}

/** The filled page as a browser reads it: its title, the last element of its head, its root's HTML. */
function read(html: string) {
  const all = [...elements(parse(html))];
  const head = all.find((element) => element.tagName === 'head');
  const title = all.filter((element) => element.tagName === 'title');
  const root = all.filter((element) => element.attrs.some((attr) => attr.name === 'id' && attr.value === 'root'));
  const text = (element: Element | undefined) => element?.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
  const headElements = head?.childNodes.filter((child): child is Element => 'tagName' in child) ?? [];
  return {
    titles: title.length,
    title: text(title[0]),
    lastInHead: headElements.at(-1)?.attrs.find((attr) => attr.name === 'id')?.value,
    roots: root.length,
    rootChildren: root[0]?.childNodes.filter((child): child is Element => 'tagName' in child).map((child) => child.tagName),
    rootHeading: text(all.find((element) => element.tagName === 'h1')),
  };
}

const EXPECTED = { titles: 1, title: SLOTS.title, lastInHead: 'carebook-config', roots: 1, rootChildren: ['main'], rootHeading: 'Find a doctor' };

describe('the page template', () => {
  it("fills webpack's page as written and as the production build minifies it", async () => {
    const written = pageHtml('CareBook');
    const minified = await minifiedLikeTheBuild(written);
    expect(minified).not.toContain('\n');
    for (const html of [written, minified]) {
      expect(read(parsePageTemplate(html, 'page.html').fill(SLOTS))).toEqual(EXPECTED);
    }
  });

  it('fills a page html-webpack-plugin writes another way: attributes added, other quoting, tags injected', () => {
    const html = [
      "<!DOCTYPE html><html><head><meta charset='utf-8'><title data-owner=shell lang=en>Old</title>",
      '<script defer src="/main.1a2b.js"></script><link href="/shell.css" rel="stylesheet"></head>',
      "<body class=page><noscript>Turn on JavaScript</noscript><div class='app' id='root' data-x></div><script src=/x.js></script></body></html>",
    ].join('');
    const filled = parsePageTemplate(html, 'page.html').fill(SLOTS);
    expect(read(filled)).toEqual(EXPECTED);
    // What the template had besides the slots is all still there, in place.
    expect(filled).toContain('<title data-owner=shell lang=en>');
    expect(filled).toContain('<link href="/shell.css" rel="stylesheet">');
    expect(filled).toContain("<div class='app' id='root' data-x><main>");
    expect(filled.indexOf('<noscript>')).toBeLessThan(filled.indexOf("id='root'"));
    expect(filled).toMatch(/<\/main><\/div><script src=\/x\.js><\/script><\/body><\/html>$/);
  });

  it('fills the same template again and again, each page with its own slots', () => {
    const template = parsePageTemplate(pageHtml('CareBook'), 'page.html');
    const first = template.fill({ title: 'One', head: '<meta name="one">', root: '<p>one</p>' });
    const second = template.fill({ title: 'Two', head: '<meta name="two">', root: '<p>two</p>' });
    expect(read(first).title).toBe('One');
    expect(read(second).title).toBe('Two');
    expect(second).not.toContain('one');
  });

  it.each([
    ['<html><head></head><body><div id="root"></div></body></html>', 'has 0 <title> elements in its <head> (one expected)'],
    ['<html><head><title>A</title><title>B</title></head><body><div id="root"></div></body></html>', 'has 2 <title> elements in its <head> (one expected)'],
    ['<html><head><title>A</title></head><body><div id="app"></div></body></html>', 'has 0 elements with id "root" in its <body> (one expected)'],
    ['<html><head><title>A</title></head><body><div id="root"></div><div id="root"></div></body></html>', 'has 2 elements with id "root" in its <body> (one expected)'],
    ['<html><head><title>A</title></head><body><div id="root"><p>Loading</p></div></body></html>', 'has content inside its root element (the server renders the app there)'],
    ['<html><head><title>A</title><body><div id="root"></div></body></html>', 'does not write its </head> end tag'],
    ['<html><head><title>A</title></head><body><div id="root"></body></html>', "does not write its root element's end tag"],
  ])('refuses a template the server could not fill, at start: %s', (html, problem) => {
    expect(() => parsePageTemplate(html, 'dist/server/page.html')).toThrow(
      `The page template dist/server/page.html ${problem}: the host's server cannot render its pages.`,
    );
  });
});
