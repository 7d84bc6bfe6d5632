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

describe('the site formats spelled by hand', () => {
  const intl = (options: Intl.DateTimeFormatOptions, locale = 'en-GB'): Intl.DateTimeFormat =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });

  it('read as Intl reads them, for every day of two years and every half hour', () => {
    const longDay = intl({ weekday: 'long', day: 'numeric', month: 'long' });
    const short = { weekday: intl({ weekday: 'short' }), month: intl({ month: 'short' }) };
    const clock = intl({ hour: 'numeric', minute: '2-digit' }, 'en-US');
    for (let offset = 0; offset < 731; offset += 1) {
      const noon = new Date(Date.UTC(2026, 0, 1 + offset, 12));
      const date = { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
      expect(formatLongDay(date)).toBe(longDay.format(noon));
      expect(dayParts(date)).toEqual({ weekday: short.weekday.format(noon), day: String(date.day), month: short.month.format(noon) });
    }
    for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
      const wire = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      expect(formatTime(wire)).toBe(clock.format(new Date(Date.UTC(2000, 0, 1, 0, minutes))).replace(/\u202f/g, ' '));
    }
  });
});
