import { formatWhen } from './format-when';

describe('formatWhen', () => {
  it('gives the weekday, day and month, and a 12-hour time', () => {
    expect(formatWhen('25_11_2026', '14:30')).toEqual({ date: 'Wednesday 25 November', time: '2:30 PM' });
    expect(formatWhen('25_11_2026', '10:00').time).toBe('10:00 AM');
    expect(formatWhen('25_11_2026', '12:30').time).toBe('12:30 PM');
  });
});
