import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

type Scope = {
  /** Only the elements under this selector (default: the whole page). */
  within?: string;
  /** Rules left out, each with its reason at the call. */
  disable?: string[];
};

/**
 * Every axe-core violation on `page`, one line each: the page's path, the rule and the elements.
 * A page with no frame inside is checked where it is (axe's "legacy" mode: `axe.run` in the page).
 * A page with frames gets axe's default, which checks each frame and puts the results together in
 * a blank page of its own: the same rules on the same elements, but opening that page and loading
 * axe into it cost 1.3-2 s more per check here.
 */
export async function axeViolations(page: Page, { within, disable }: Scope = {}): Promise<string[]> {
  let axe = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1);
  if (within) axe = axe.include(within);
  if (disable) axe = axe.disableRules(disable);
  const { violations } = await axe.analyze();
  const where = new URL(page.url()).pathname;
  return violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
