/**
 * style-loader's `insert` for the embed build (see webpack.embed.js): the `<style>` elements it
 * makes are kept here, never put into the page, and their text becomes one constructable
 * stylesheet adopted by each widget's shadow root. So the widget's CSS neither leaks into the
 * page nor needs `style-src 'unsafe-inline'` under a strict Content Security Policy.
 */
const elements: HTMLStyleElement[] = [];
let sheet: CSSStyleSheet | null = null;

export default function keepStyle(element: HTMLStyleElement): void {
  elements.push(element);
  sheet = null;
}

/** All the widget's CSS, in import order. */
export function widgetCss(): string {
  return elements.map((element) => element.textContent ?? '').join('\n');
}

/** One sheet shared by every widget on the page. */
export function widgetStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss());
  }
  return sheet;
}
