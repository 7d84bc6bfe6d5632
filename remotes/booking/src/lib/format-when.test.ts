import { formatTime12h, formatWhen } from './format-when';

describe('formatWhen', () => {
  it('gives the weekday, day and month, and a 12-hour time', () => {
    expect(formatWhen('25_11_2026', '14:30')).toEqual({ date: 'Wednesday 25 November', time: '2:30 PM' });
    expect(formatTime12h('10:00')).toBe('10:00 AM');
    expect(formatTime12h('12:30')).toBe('12:30 PM');
  });
});
