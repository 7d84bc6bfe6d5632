import type { WidgetOptions, WidgetTheme } from '../embed-types';

/** What a page passes to `CareBook.inline/popup`: `apiUrl` may be left to the loader's default. */
export type CodeOptions<T extends WidgetOptions> = Omit<T, 'apiUrl'> & { apiUrl?: string };

/**
 * Options from an element's `data-carebook-*` attributes:
 * `data-carebook-api`, `data-carebook-primary-color`, `data-carebook-radius`, `data-carebook-font`,
 * `data-carebook-persist`.
 */
export function optionsFrom(element: HTMLElement, docId: string): CodeOptions<WidgetOptions> {
  const data = element.dataset;
  const theme: WidgetTheme = {};
  if (data.carebookPrimaryColor) theme.primaryColor = data.carebookPrimaryColor;
  if (data.carebookRadius) theme.radius = data.carebookRadius;
  if (data.carebookFont) theme.font = data.carebookFont;
  const persist = data.carebookPersist === 'session' ? 'session' : undefined;
  return { docId, apiUrl: data.carebookApi, ...theme, ...(persist ? { persist } : {}) };
}
