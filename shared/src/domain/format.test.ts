import {
  dayParts,
  formatAppointmentTime,
  formatLongDay,
  formatShortDay,
  formatSlotLabel,
  formatTime,
} from './format';

const nov24 = { year: 2026, month: 11, day: 24 };

describe('formatTime', () => {
  it.each([
    ['10:00', '10:00 AM'],
    ['11:30', '11:30 AM'],
    ['12:00', '12:00 PM'],
    ['14:30', '2:30 PM'],
    ['20:30', '8:30 PM'],
    ['00:00', '12:00 AM'],
  ])('%s reads %s in en-US', (wire, shown) => {
    expect(formatTime(wire)).toBe(shown);
  });

  it('follows another locale when asked, and leaves bad input as it is', () => {
    expect(formatTime('14:30', 'en-GB')).toBe('14:30');
    expect(formatTime('later')).toBe('later');
  });
});

describe('dates', () => {
  it('names the day with its weekday, whatever the runner zone', () => {
    expect(formatLongDay(nov24)).toBe('Tuesday 24 November');
    expect(formatShortDay(nov24)).toBe('Tue 24 Nov');
    expect(dayParts({ year: 2027, month: 1, day: 5 })).toEqual({ weekday: 'Tue', day: '5', month: 'Jan' });
  });

  it('formats a slot and a booked appointment with weekday and 12-hour time', () => {
    expect(formatSlotLabel(nov24, '14:30')).toBe('Tuesday 24 November, 2:30 PM');
    expect(formatAppointmentTime('24_11_2026', '09:30')).toBe('Tue 24 Nov 2026, 9:30 AM');
    expect(formatAppointmentTime('31_2_2026', '14:30')).toBe('31_2_2026 14:30');
  });
});
