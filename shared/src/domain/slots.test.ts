import { MESSAGES } from './messages';
import { checkSlot, clinicToday, clinicWallClock, generateSlotDays, parseDateKey, SLOT_TIMES, slotSortKey, toIsoDate } from './slots';

const at = (iso: string): Date => new Date(iso);
const firstDay = (now: string, timeZone: string) => generateSlotDays({ now: at(now), timeZone })[0];

describe('generateSlotDays', () => {
  it('has 22 starts a day, 10:00 to 20:30', () => {
    expect(SLOT_TIMES).toHaveLength(22);
    expect(SLOT_TIMES[0]).toBe('10:00');
    expect(SLOT_TIMES[21]).toBe('20:30');
  });

  // Worked examples, clinic in Europe/Berlin (UTC+1 in November).
  it.each([
    ['2026-11-24T08:10:00Z', '24_11_2026', '10:00', 22], // 09:10 -> opens at 10:00
    ['2026-11-24T09:10:00Z', '24_11_2026', '10:30', 21], // 10:10 -> next half hour
    ['2026-11-24T13:30:00Z', '24_11_2026', '15:00', 12], // 14:30 exactly: 14:30 is starting now
    ['2026-11-24T19:29:00Z', '24_11_2026', '20:30', 1], // 20:29: only the last slot is left
    ['2026-11-24T19:45:00Z', '24_11_2026', undefined, 0], // 20:45: no slots left today
    ['2026-11-24T23:00:00Z', '25_11_2026', '10:00', 22], // midnight in Berlin: already tomorrow
  ])('Berlin at %s: today is %s, first slot %s, %i left', (now, key, first, count) => {
    const today = firstDay(now, 'Europe/Berlin');
    expect(today?.key).toBe(key);
    expect(today?.times[0]).toBe(first);
    expect(today?.times).toHaveLength(count);
  });

  it.each([
    // 03:00 UTC is still the evening before in New York (22:00, UTC-5): that day is over.
    ['America/New_York', '2026-11-24T03:00:00Z', '23_11_2026', 0],
    ['UTC', '2026-11-24T03:00:00Z', '24_11_2026', 22],
    // Kolkata is UTC+5:30: 04:45Z is 10:15 there.
    ['Asia/Kolkata', '2026-11-24T04:45:00Z', '24_11_2026', 21],
    ['Pacific/Auckland', '2026-11-24T11:00:00Z', '25_11_2026', 22], // 00:00 NZDT on the 25th
  ])('in %s at %s today is %s with %i slots', (zone, now, key, count) => {
    const today = firstDay(now, zone);
    expect(today?.key).toBe(key);
    expect(today?.times).toHaveLength(count);
  });

  it('covers 7 calendar days across a month and year end', () => {
    const days = generateSlotDays({ now: at('2026-12-28T12:00:00Z'), timeZone: 'UTC' });
    expect(days.map((d) => d.key)).toEqual(['28_12_2026', '29_12_2026', '30_12_2026', '31_12_2026', '1_1_2027', '2_1_2027', '3_1_2027']);
    expect(days.slice(1).every((d) => d.times.length === 22)).toBe(true);
    expect(days[0]?.weekday).toBe(1); // Monday
  });

  it('follows the wall clock through a DST change (Berlin, 28 March 2027)', () => {
    // 08:00Z is 09:00 CET the day before the change, 10:00 CEST on the day itself.
    expect(firstDay('2027-03-27T08:00:00Z', 'Europe/Berlin')?.times[0]).toBe('10:00');
    expect(firstDay('2027-03-28T08:00:00Z', 'Europe/Berlin')?.times[0]).toBe('10:30');
    const row = generateSlotDays({ now: at('2027-03-27T08:00:00Z'), timeZone: 'Europe/Berlin' });
    expect(row.map((d) => d.key).slice(0, 3)).toEqual(['27_3_2027', '28_3_2027', '29_3_2027']);
    expect(row[1]?.times).toHaveLength(22);
  });

  it('hides booked times', () => {
    const days = generateSlotDays({
      now: at('2026-11-24T08:00:00Z'),
      timeZone: 'UTC',
      booked: { '25_11_2026': ['10:00', '20:30'] },
    });
    expect(days[1]?.times).toHaveLength(20);
    expect(days[1]?.times).not.toContain('10:00');
    expect(days[1]?.times).not.toContain('20:30');
  });
});

describe('checkSlot', () => {
  const now = at('2026-11-24T09:10:00Z'); // 10:10 in Berlin
  const check = (slotDate: string, slotTime: string, timeZone = 'Europe/Berlin') => checkSlot({ slotDate, slotTime, now, timeZone });

  it.each([
    ['24_11_2026', '10:30', null],
    ['24_11_2026', '20:30', null], // the last slot of today
    ['30_11_2026', '20:30', null], // the last slot of the window
    ['24_11_2026', '10:00', MESSAGES.slotInPast],
    ['23_11_2026', '15:00', MESSAGES.slotInPast],
    ['1_12_2026', '10:00', MESSAGES.slotTooFarAhead],
    // On the half-hour grid but outside the default hours (10:00-21:00).
    ['24_11_2026', '21:00', MESSAGES.slotOutsideHours],
    ['24_11_2026', '09:30', MESSAGES.slotOutsideHours],
    ['24_11_2026', '10:15', MESSAGES.slotInvalidTime],
    ['24_11_2026', '1030', MESSAGES.slotInvalidTime],
    ['31_11_2026', '10:30', MESSAGES.slotInvalidDate],
    ['05_12_2026', '10:30', MESSAGES.slotInvalidDate],
    ['2026-11-25', '10:30', MESSAGES.slotInvalidDate],
  ])('%s %s -> %p', (slotDate, slotTime, message) => {
    const result = check(slotDate, slotTime);
    expect(result.ok ? null : result.message).toBe(message);
  });

  it('judges "today" in the clinic zone, not UTC', () => {
    // 03:00Z on the 24th is the 23rd, 22:00 in New York: the 23rd is still today there, but over.
    const late = at('2026-11-24T03:00:00Z');
    expect(checkSlot({ slotDate: '23_11_2026', slotTime: '20:30', now: late, timeZone: 'America/New_York' })).toMatchObject({ ok: false, problem: 'past' });
    expect(checkSlot({ slotDate: '29_11_2026', slotTime: '10:00', now: late, timeZone: 'America/New_York' })).toEqual({ ok: true });
    expect(checkSlot({ slotDate: '30_11_2026', slotTime: '10:00', now: late, timeZone: 'America/New_York' })).toMatchObject({ problem: 'too-far' });
  });
});

describe('date keys', () => {
  it('parses only real unpadded day_month_year keys', () => {
    expect(parseDateKey('5_1_2027')).toEqual({ year: 2027, month: 1, day: 5 });
    expect(parseDateKey('29_2_2028')).not.toBeNull();
    expect(parseDateKey('29_2_2027')).toBeNull();
    expect(parseDateKey('05_1_2027')).toBeNull();
  });

  it('sorts booked slots chronologically', () => {
    expect(slotSortKey('5_1_2027', '09:30')).toBe('2027-01-05T09:30');
    expect(slotSortKey('10_12_2026', '20:30') < slotSortKey('5_1_2027', '10:00')).toBe(true);
  });
});

describe('generateSlotDays at the edges the booking screen relies on', () => {
  const times = (now: string, timeZone: string, index = 0) =>
    generateSlotDays({ now: at(now), timeZone })[index]?.times ?? [];

  it.each([
    // [zone, now, first slot today, slots left today]
    ['UTC', '2026-11-24T09:59:59Z', '10:00', 22], // a second before opening
    ['UTC', '2026-11-24T10:00:00Z', '10:30', 21], // 10:00 exactly is starting now
    ['UTC', '2026-11-24T10:10:00Z', '10:30', 21],
    ['UTC', '2026-11-24T14:30:00Z', '15:00', 12],
    ['UTC', '2026-11-24T20:30:00Z', undefined, 0], // the last start, exactly: gone
    ['UTC', '2026-11-24T23:59:00Z', undefined, 0],
    ['America/New_York', '2026-11-24T15:10:00Z', '10:30', 21], // 10:10 EST (UTC-5)
    ['Asia/Kolkata', '2026-11-24T04:00:00Z', '10:00', 22], // 09:30 IST: before opening
    ['Asia/Kolkata', '2026-11-24T09:00:00Z', '15:00', 12], // 14:30 IST exactly
    ['Pacific/Auckland', '2026-11-24T01:30:00Z', '15:00', 12], // 14:30 NZDT (UTC+13)
    ['Pacific/Auckland', '2026-11-24T07:31:00Z', undefined, 0], // 20:31 NZDT: after the last start
  ])('%s at %s: first slot %s, %i left', (zone, now, first, count) => {
    const today = times(now, zone);
    expect(today[0]).toBe(first);
    expect(today).toHaveLength(count);
  });

  it('ends the window on the 7th day with its full grid, whatever the hour today', () => {
    const days = generateSlotDays({ now: at('2026-11-24T20:45:00Z'), timeZone: 'UTC' });
    expect(days).toHaveLength(7);
    expect(days[6]?.key).toBe('30_11_2026');
    expect(days[6]?.times).toEqual([...SLOT_TIMES]);
    expect(days[0]?.times).toEqual([]);
  });

  it('follows the wall clock through the autumn change in New York (1 November 2026)', () => {
    // 14:10Z is 10:10 EDT on 31 October but 09:10 EST on 1 November, after clocks went back.
    expect(times('2026-10-31T14:10:00Z', 'America/New_York')[0]).toBe('10:30');
    expect(times('2026-11-01T14:10:00Z', 'America/New_York')[0]).toBe('10:00');
    const row = generateSlotDays({ now: at('2026-10-31T14:10:00Z'), timeZone: 'America/New_York' });
    expect(row[1]?.key).toBe('1_11_2026');
    expect(row[1]?.times).toHaveLength(22);
  });

  it('hides booked times only on their own day', () => {
    const days = generateSlotDays({ now: at('2026-11-24T08:00:00Z'), timeZone: 'UTC', booked: { '26_11_2026': ['14:30'] } });
    expect(days[1]?.times).toContain('14:30');
    expect(days[2]?.times).not.toContain('14:30');
    expect(days[2]?.times).toHaveLength(21);
  });
});

describe('checkSlot agrees with the row the screen shows', () => {
  it('accepts exactly the times generateSlotDays offers, and refuses the rest', () => {
    const now = at('2026-11-24T13:30:00Z'); // 14:30 in Berlin
    const timeZone = 'Europe/Berlin';
    for (const day of generateSlotDays({ now, timeZone })) {
      for (const time of SLOT_TIMES) {
        const offered = day.times.includes(time);
        expect(checkSlot({ slotDate: day.key, slotTime: time, now, timeZone }).ok).toBe(offered);
      }
    }
  });

  it.each([
    ['25_11_2026', '10:00', 'Asia/Kolkata', 'ok'],
    ['24_11_2026', '14:30', 'Europe/Berlin', 'past'], // starting now
    ['1_12_2026', '10:00', 'Europe/Berlin', 'too-far'], // day 8
    ['24_11_2026', '20:45', 'Europe/Berlin', 'invalid-time'], // off the grid
    ['24_11_2026', '24:00', 'Europe/Berlin', 'invalid-time'],
    ['0_11_2026', '10:30', 'Europe/Berlin', 'invalid-date'],
    ['24_13_2026', '10:30', 'Europe/Berlin', 'invalid-date'],
    ['', '10:30', 'Europe/Berlin', 'invalid-date'],
  ])('%s %s in %s -> %s', (slotDate, slotTime, timeZone, expected) => {
    const result = checkSlot({ slotDate, slotTime, now: at('2026-11-24T13:30:00Z'), timeZone });
    expect(result.ok ? 'ok' : result.problem).toBe(expected);
  });
});

describe('clinicToday', () => {
  it('is the calendar day in the clinic zone, not in UTC', () => {
    // 2026-11-22T11:30Z is already 00:30 on the 23rd in Auckland (UTC+13 in summer).
    const now = new Date('2026-11-22T11:30:00Z');
    expect(clinicToday(now, 'UTC')).toBe('2026-11-22');
    expect(clinicToday(now, 'Pacific/Auckland')).toBe('2026-11-23');
    // And still the 21st in Los Angeles at 03:30 UTC on the 22nd.
    expect(clinicToday(new Date('2026-11-22T03:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-21');
  });

  it('pads month and day', () => {
    expect(toIsoDate({ year: 2027, month: 1, day: 5 })).toBe('2027-01-05');
  });
});

describe('clinicWallClock', () => {
  it("reads a UTC clinic from the date itself, as the Intl path reads a zone on UTC's clock, to the millisecond", () => {
    // Etc/GMT keeps UTC's clock all year and is not one of the names read without Intl.
    for (let instant = Date.UTC(2026, 0, 1); instant < Date.UTC(2027, 0, 1); instant += 7 * 3_600_000 + 13 * 60_000 + 17_123) {
      const throughIntl = clinicWallClock(new Date(instant), 'Etc/GMT');
      expect(clinicWallClock(new Date(instant), 'UTC')).toEqual(throughIntl);
      expect(clinicWallClock(new Date(instant), 'Etc/UTC')).toEqual(throughIntl);
    }
  });

  it('still reads other zones through Intl', () => {
    expect(clinicWallClock(new Date('2026-11-24T13:30:00.000Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 11, day: 24, minutes: 14 * 60 + 30 });
  });
});
