import type { KeyboardEvent } from 'react';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Arrow keys for a radiogroup whose radios are buttons with a roving tabindex (one Tab stop per
 * group): Right/Down and Left/Up move to the next and previous choice and select it, wrapping;
 * Home and End go to the ends. `select(i)` changes the choice; focus follows here.
 */
export function onRadioGroupKeyDown(event: KeyboardEvent<HTMLElement>, select: (index: number) => void): void {
  const radios = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]'));
  const current = radios.indexOf(event.target as HTMLElement);
  if (current < 0 || radios.length === 0) return;
  let next: number;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = radios.length - 1;
  else if (event.key in STEP) next = (current + (STEP[event.key] ?? 0) + radios.length) % radios.length;
  else return;
  event.preventDefault();
  select(next);
  radios[next]?.focus();
}
