import '@carebook/shared/tokens.css';
import './widget-base.css';
import type { WidgetTheme } from '../embed-types';
import { widgetCss, widgetStyleSheet } from './style-registry';

/**
 * Gives `host` an open shadow root holding the widget's styles and returns the element React
 * renders into. The page's CSS stops at the shadow root (`button { ... }` never matches inside),
 * and the widget's CSS never leaves it.
 */
export function prepareShadowRoot(host: HTMLElement, theme: WidgetTheme): HTMLElement {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  shadow.replaceChildren();
  // Constructable stylesheets: Chrome 73+, Firefox 101+, Safari 16.4+.
  shadow.adoptedStyleSheets = [widgetStyleSheet()];
  applyTheme(host, theme);
  const root = document.createElement('div');
  root.className = 'carebook-root';
  shadow.append(root);
  return root;
}

/**
 * Options become `--cb-*` tokens on the host element. Set through the CSSOM (allowed by any CSP),
 * and, like any rule the page puts on the element, they win over the widget's `:host` defaults.
 */
export function applyTheme(host: HTMLElement, { primaryColor, radius, font }: WidgetTheme): void {
  const set = (name: string, value: string): void => host.style.setProperty(name, value);
  if (primaryColor) {
    set('--cb-color-primary', primaryColor);
    set('--cb-color-primary-strong', `color-mix(in srgb, ${primaryColor} 80%, black)`);
    set('--cb-color-primary-soft', `color-mix(in srgb, ${primaryColor} 12%, white)`);
    set('--cb-focus-ring', `0 0 0 3px #ffffff, 0 0 0 5px ${primaryColor}`);
  }
  if (radius) for (const size of ['sm', 'md', 'lg', 'pill']) set(`--cb-radius-${size}`, radius);
  if (font) set('--cb-font-family', font);
}

/**
 * A popup's host lives in `<body>`, not under the button that opened it, so `--cb-*` tokens the
 * page set on (or above) that button would not reach it by inheritance: copy them over.
 */
export function copyTokens(from: Element, to: HTMLElement): void {
  const names = new Set(widgetCss().match(/--cb-[\w-]+(?=\s*:)/g));
  const computed = getComputedStyle(from);
  for (const name of names) {
    const value = computed.getPropertyValue(name).trim();
    if (value) to.style.setProperty(name, value);
  }
}
