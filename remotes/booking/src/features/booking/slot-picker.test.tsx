import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { formatTime, generateSlotDays, type SlotDay } from '@carebook/shared';
import { SlotPicker } from './slot-picker';

// The server's page of a doctor, as the browser has it before the app's code arrived.
function serverPage(day: SlotDay, time: string | null, onTimeChange: (time: string) => void): { container: HTMLElement; picker: ReactElement } {
  const picker = <SlotPicker days={[day]} dayKey={day.key} time={time} onDayChange={() => undefined} onTimeChange={onTimeChange} />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(picker);
  document.body.append(container);
  return { container, picker };
}

const timeInput = (container: HTMLElement, time: string): HTMLInputElement => {
  const input = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((candidate) => candidate.value === time);
  if (!input) throw new Error(`no radio for ${time}`);
  return input;
};

describe('SlotPicker in the server page', () => {
  const day = generateSlotDays({ now: new Date('2026-11-24T06:00:00Z'), timeZone: 'UTC' }).find((candidate) => candidate.times.length > 2);
  if (!day) throw new Error('no day with times');
  const [first = '', second = '', third = ''] = day.times;

  afterEach(() => document.body.replaceChildren());

  it('answers a tap before any script ran, and the app adopts that time when it takes over', async () => {
    const onTimeChange = jest.fn();
    const { container, picker } = serverPage(day, null, onTimeChange);
    const label = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent === formatTime(second));
    label?.click();
    expect(timeInput(container, second).checked).toBe(true);

    await act(async () => {
      hydrateRoot(container, picker);
    });
    expect(timeInput(container, second).checked).toBe(true);
    expect(onTimeChange).toHaveBeenCalledTimes(1);
    expect(onTimeChange).toHaveBeenCalledWith(second);
  });

  it('keeps a tap over the time the page was rendered with (one kept in the address)', async () => {
    const onTimeChange = jest.fn();
    const { container, picker } = serverPage(day, first, onTimeChange);
    expect(timeInput(container, first).checked).toBe(true);
    timeInput(container, third).click();

    await act(async () => {
      hydrateRoot(container, picker);
    });
    expect(timeInput(container, third).checked).toBe(true);
    expect(timeInput(container, first).checked).toBe(false);
    expect(onTimeChange).toHaveBeenCalledWith(third);
  });

  it('changes nothing when the patient did not tap before the app took over', async () => {
    const onTimeChange = jest.fn();
    const { container, picker } = serverPage(day, first, onTimeChange);
    await act(async () => {
      hydrateRoot(container, picker);
    });
    expect(timeInput(container, first).checked).toBe(true);
    expect(onTimeChange).not.toHaveBeenCalled();
  });
});
