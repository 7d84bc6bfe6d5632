import { SLOT_TIMES } from './slots';
import { CARD_TIMES, freeTimesAhead } from './next-free-time';

const open = { available: true, slots_booked: {} };
/** `[day, time]` of each offer: what a card's links read and where they go. */
const offers = (...args: Parameters<typeof freeTimesAhead>) => freeTimesAhead(...args)?.map((time) => `${time.day} ${time.time} ${time.slotDate} ${time.slotTime}`);
const WEEK = ['24_11_2026', '25_11_2026', '26_11_2026', '27_11_2026', '28_11_2026', '29_11_2026', '30_11_2026'];

describe('freeTimesAhead', () => {
  // Tuesday 24 Nov 2026; Berlin is UTC+1, so 13:10Z is 14:10 there.
  it('offers the next three half hours after now, in the clinic zone, with the link and the full name', () => {
    expect(freeTimesAhead(open, new Date('2026-11-24T13:10:00Z'), 'Europe/Berlin')).toEqual([
      { slotDate: '24_11_2026', slotTime: '14:30', day: 'Today', fullDay: 'Tue 24 Nov', time: '2:30 PM', dateTime: '2026-11-24T14:30' },
      { slotDate: '24_11_2026', slotTime: '15:00', day: 'Today', fullDay: 'Tue 24 Nov', time: '3:00 PM', dateTime: '2026-11-24T15:00' },
      { slotDate: '24_11_2026', slotTime: '15:30', day: 'Today', fullDay: 'Tue 24 Nov', time: '3:30 PM', dateTime: '2026-11-24T15:30' },
    ]);
  });

  it('never offers a start that is not after now: one starting this very minute is over', () => {
    // 13:30Z is 14:30 in Berlin: 14:30 is starting, so 15:00 comes first.
    expect(offers(open, new Date('2026-11-24T13:30:00Z'), 'Europe/Berlin')?.[0]).toBe('Today 3:00 PM 24_11_2026 15:00');
  });

  it("reads the clinic's zone, not the browser's (the runner is UTC, where it is still Tuesday)", () => {
    const now = new Date('2026-11-24T13:10:00Z');
    // 13:10Z is 8:10 in New York: that day's first start, 10:00, comes first.
    expect(offers(open, now, 'America/New_York')).toEqual(['Today 10:00 AM 24_11_2026 10:00', 'Today 10:30 AM 24_11_2026 10:30', 'Today 11:00 AM 24_11_2026 11:00']);
    // And 02:10 on Wednesday in Auckland (UTC+13): today is the 25th there, its times start at 10:00.
    expect(freeTimesAhead(open, now, 'Pacific/Auckland', 1)).toEqual([
      { slotDate: '25_11_2026', slotTime: '10:00', day: 'Today', fullDay: 'Wed 25 Nov', time: '10:00 AM', dateTime: '2026-11-25T10:00' },
    ]);
  });

  it('skips booked starts and runs on into the next days when today ends', () => {
    // 19:10Z is 20:10 in Berlin: only 20:30 is left today, and tomorrow's 10:00 is taken.
    const doctor = { available: true, slots_booked: { '25_11_2026': ['10:00'], '24_11_2026': ['19:30'] } };
    expect(offers(doctor, new Date('2026-11-24T19:10:00Z'), 'Europe/Berlin')).toEqual([
      'Today 8:30 PM 24_11_2026 20:30',
      'Tomorrow 10:30 AM 25_11_2026 10:30',
      'Tomorrow 11:00 AM 25_11_2026 11:00',
    ]);
  });

  it('names the weekday beyond tomorrow', () => {
    const doctor = { available: true, slots_booked: { '24_11_2026': [...SLOT_TIMES], '25_11_2026': [...SLOT_TIMES] } };
    expect(offers(doctor, new Date('2026-11-24T08:00:00Z'), 'UTC', 1)).toEqual(['Thu 10:00 AM 26_11_2026 10:00']);
  });

  it('offers at most the number asked for, and fewer when the week has fewer', () => {
    expect(freeTimesAhead(open, new Date('2026-11-24T08:00:00Z'), 'UTC')).toHaveLength(CARD_TIMES);
    expect(freeTimesAhead(open, new Date('2026-11-24T08:00:00Z'), 'UTC', 5)).toHaveLength(5);
    // Only the last day's 20:00 and 20:30 are free.
    const booked = Object.fromEntries(WEEK.map((key) => [key, key === '30_11_2026' ? SLOT_TIMES.slice(0, -2) : [...SLOT_TIMES]]));
    expect(offers({ available: true, slots_booked: booked }, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual([
      'Mon 8:00 PM 30_11_2026 20:00',
      'Mon 8:30 PM 30_11_2026 20:30',
    ]);
  });

  it('offers nothing beyond the 7-day window, and nothing at all for a doctor not taking appointments', () => {
    const full = { available: true, slots_booked: Object.fromEntries(WEEK.map((key) => [key, [...SLOT_TIMES]])) };
    expect(freeTimesAhead(full, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual([]);
    expect(freeTimesAhead({ available: false, slots_booked: {} }, new Date('2026-11-24T08:00:00Z'), 'UTC')).toBeNull();
  });

  it('leaves out the hour the clocks skip (Berlin, 28 March 2027)', () => {
    const night = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [{ start: '01:00', end: '04:00' }] };
    // Saturday 27 March 2027, 23:00Z = midnight in Berlin; 02:00 and 02:30 do not exist that night.
    expect(offers({ available: true, slots_booked: {}, schedule: { weekly: night, timeOff: [] } }, new Date('2027-03-27T23:00:00Z'), 'Europe/Berlin', 4)).toEqual([
      'Today 1:00 AM 28_3_2027 01:00',
      'Today 1:30 AM 28_3_2027 01:30',
      'Today 3:00 AM 28_3_2027 03:00',
      'Today 3:30 AM 28_3_2027 03:30',
    ]);
  });
});

describe('freeTimesAhead with a schedule', () => {
  const weekly = { mon: [], tue: [], wed: [], thu: [{ start: '07:30', end: '09:00' }], fri: [], sat: [], sun: [] };
  it("follows the doctor's hours and skips time off", () => {
    const doctor = { available: true, slots_booked: {}, schedule: { weekly, timeOff: [] } };
    // Thursdays 07:30-09:00 only: three starts that week, then the next Thursday is beyond the window.
    expect(offers(doctor, new Date('2026-11-24T08:00:00Z'), 'UTC', 5)).toEqual([
      'Thu 7:30 AM 26_11_2026 07:30',
      'Thu 8:00 AM 26_11_2026 08:00',
      'Thu 8:30 AM 26_11_2026 08:30',
    ]);
    const away = { ...doctor, schedule: { weekly, timeOff: [{ from: '2026-11-26', to: '2026-11-26' }] } };
    expect(freeTimesAhead(away, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual([]);
  });

  it('skips a day of time off between working days', () => {
    const doctor = {
      available: true,
      slots_booked: { '24_11_2026': SLOT_TIMES.filter((time) => time !== '20:30') },
      schedule: { weekly: { mon: [], tue: [{ start: '10:00', end: '21:00' }], wed: [{ start: '09:00', end: '12:00' }], thu: [{ start: '09:00', end: '12:00' }], fri: [], sat: [], sun: [] }, timeOff: [{ from: '2026-11-25', to: '2026-11-25' }] },
    };
    expect(offers(doctor, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual([
      'Today 8:30 PM 24_11_2026 20:30',
      'Thu 9:00 AM 26_11_2026 09:00',
      'Thu 9:30 AM 26_11_2026 09:30',
    ]);
  });
});
