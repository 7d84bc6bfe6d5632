import { firstFreeSlot, hasSlotStarted, slotInterval } from './slot-instant';
import { clinicTimeToInstant, generateSlotDays } from './slots';

describe('slotInterval', () => {
  it.each([
    // zone, slotDate, slotTime, UTC start
    ['UTC', '24_11_2026', '14:30', '2026-11-24T14:30:00.000Z'],
    ['Europe/Berlin', '24_11_2026', '14:30', '2026-11-24T13:30:00.000Z'], // CET, UTC+1
    ['Europe/Berlin', '28_3_2026', '10:00', '2026-03-28T09:00:00.000Z'], // the day before summer time
    ['Europe/Berlin', '29_3_2026', '10:00', '2026-03-29T08:00:00.000Z'], // clocks went forward that night
    ['Europe/Berlin', '25_10_2026', '10:00', '2026-10-25T09:00:00.000Z'], // clocks went back that night
    ['America/New_York', '8_3_2026', '20:30', '2026-03-09T00:30:00.000Z'], // EDT from that morning: next UTC day
    ['America/New_York', '7_3_2026', '20:30', '2026-03-08T01:30:00.000Z'], // still EST
    ['Asia/Kolkata', '1_1_2027', '10:00', '2027-01-01T04:30:00.000Z'], // UTC+5:30
    ['Pacific/Auckland', '1_1_2027', '10:00', '2026-12-31T21:00:00.000Z'], // NZDT, UTC+13: the day before in UTC
  ])('%s %s %s starts at %s and lasts 30 minutes', (zone, slotDate, slotTime, start) => {
    const interval = slotInterval(slotDate, slotTime, zone);
    expect(interval?.start.toISOString()).toBe(start);
    expect((interval?.end.getTime() ?? 0) - (interval?.start.getTime() ?? 0)).toBe(30 * 60_000);
  });

  it('places an early-morning start too (doctors may work before 10:00)', () => {
    expect(slotInterval('24_11_2026', '07:30', 'Europe/Berlin')?.start.toISOString()).toBe('2026-11-24T06:30:00.000Z');
  });

  it('refuses what is not on the grid', () => {
    expect(slotInterval('31_2_2026', '10:00', 'UTC')).toBeNull();
    expect(slotInterval('24_11_2026', '09:15', 'UTC')).toBeNull();
    expect(slotInterval('24_11_2026', '24:00', 'UTC')).toBeNull();
    expect(slotInterval('24_11_2026', '10:15', 'UTC')).toBeNull();
  });

  it('inverts the wall clock for every minute of a day across a DST change', () => {
    for (let minutes = 10 * 60; minutes <= 21 * 60; minutes += 1) {
      const instant = clinicTimeToInstant({ year: 2027, month: 3, day: 28 }, minutes, 'Europe/Berlin');
      expect(instant.getTime()).toBe(Date.UTC(2027, 2, 28, 8) + (minutes - 10 * 60) * 60_000);
    }
  });
});

describe('hasSlotStarted', () => {
  const zone = 'Europe/Berlin';
  it.each([
    ['2026-11-24T13:29:00Z', false],
    ['2026-11-24T13:30:00Z', true], // starting now counts as started, as in booking
    ['2026-11-24T13:45:00Z', true],
  ])('24 Nov 14:30 Berlin at %s: %s', (now, started) => {
    expect(hasSlotStarted('24_11_2026', '14:30', new Date(now), zone)).toBe(started);
  });

  it('treats an unreadable slot as started, so it is never offered as movable', () => {
    expect(hasSlotStarted('junk', '14:30', new Date('2020-01-01T00:00:00Z'), zone)).toBe(true);
  });
});

describe('firstFreeSlot', () => {
  it('is the first time of today when one is left', () => {
    const days = generateSlotDays({ now: new Date('2026-11-24T09:10:00Z'), timeZone: 'Europe/Berlin' });
    expect(firstFreeSlot(days)).toMatchObject({ time: '10:30', dayOffset: 0, day: { key: '24_11_2026' } });
  });

  it('skips booked times and a finished day', () => {
    const days = generateSlotDays({
      now: new Date('2026-11-24T19:45:00Z'), // 20:45 in Berlin: today is over
      timeZone: 'Europe/Berlin',
      booked: { '25_11_2026': ['10:00', '10:30'] },
    });
    expect(firstFreeSlot(days)).toMatchObject({ time: '11:00', dayOffset: 1, day: { key: '25_11_2026' } });
  });

  it('is null when all seven days are full', () => {
    const days = generateSlotDays({ now: new Date('2026-11-24T08:00:00Z'), timeZone: 'UTC' }).map((d) => ({ ...d, times: [] }));
    expect(firstFreeSlot(days)).toBeNull();
  });
});
