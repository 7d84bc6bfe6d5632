// Pieces of a rendered page's HTML, safe to put in it.

/** `<script type="application/json">` content: safe to inline (no `</script>`, no `<!--`). */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A stylesheet in the page. `data-href` is the address webpack's style loader would load it from,
 * so the app does not load it again when the code that needs it arrives.
 */
export function inlineStyle(href: string, css: string): string {
  return `<style data-href="${escapeHtml(href)}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
}
