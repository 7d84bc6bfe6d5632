import type { Page } from 'playwright-core';
import { formatLongDay, formatSlotLabel, type SlotDay } from '@carebook/shared';

/** Chooses `time` on `day` on a doctor's page, the way a patient does, and waits for the summary. */
export async function pickSlot(page: Page, day: SlotDay, time: string): Promise<void> {
  await page.getByRole('button', { name: formatLongDay(day), exact: true }).click();
  await page.getByRole('button', { name: formatSlotLabel(day, time), exact: true }).click();
  await selectedSummary(page, day, time).waitFor();
}

/** The line that says which slot is chosen. */
export function selectedSummary(page: Page, day: SlotDay, time: string) {
  return page.getByText(`Selected: ${formatSlotLabel(day, time)}`, { exact: true });
}
