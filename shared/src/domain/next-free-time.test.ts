import { SLOT_TIMES } from './slots';
import { nextFreeTime } from './next-free-time';

const open = { available: true, slots_booked: {} };

describe('nextFreeTime', () => {
  // Tuesday 24 Nov 2026; Berlin is UTC+1.
  it('is the next half hour today in the clinic zone', () => {
    expect(nextFreeTime(open, new Date('2026-11-24T13:10:00Z'), 'Europe/Berlin')).toEqual({
      kind: 'slot',
      label: 'Today 2:30 PM',
      dateTime: '2026-11-24T14:30',
    });
  });

  it('skips booked times and moves to tomorrow when today is over', () => {
    const doctor = { available: true, slots_booked: { '25_11_2026': ['10:00'] } };
    expect(nextFreeTime(doctor, new Date('2026-11-24T20:00:00Z'), 'Europe/Berlin')).toMatchObject({ label: 'Tomorrow 10:30 AM' });
  });

  it('names the weekday further ahead', () => {
    const doctor = { available: true, slots_booked: { '24_11_2026': [...SLOT_TIMES], '25_11_2026': [...SLOT_TIMES] } };
    expect(nextFreeTime(doctor, new Date('2026-11-24T08:00:00Z'), 'UTC')).toMatchObject({ label: 'Thu 10:00 AM', dateTime: '2026-11-26T10:00' });
  });

  it('says when the whole week is taken, and offers nothing for an unavailable doctor', () => {
    const keys = ['24_11_2026', '25_11_2026', '26_11_2026', '27_11_2026', '28_11_2026', '29_11_2026', '30_11_2026'];
    const full = { available: true, slots_booked: Object.fromEntries(keys.map((key) => [key, [...SLOT_TIMES]])) };
    expect(nextFreeTime(full, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual({ kind: 'none' });
    expect(nextFreeTime({ available: false, slots_booked: {} }, new Date('2026-11-24T08:00:00Z'), 'UTC')).toBeNull();
  });
});

describe('nextFreeTime with a schedule', () => {
  const weekly = { mon: [], tue: [], wed: [], thu: [{ start: '07:30', end: '09:00' }], fri: [], sat: [], sun: [] };
  it('follows the doctor hours and skips time off', () => {
    const doctor = { available: true, slots_booked: {}, schedule: { weekly, timeOff: [] } };
    expect(nextFreeTime(doctor, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual({ kind: 'slot', label: 'Thu 7:30 AM', dateTime: '2026-11-26T07:30' });
    const away = { ...doctor, schedule: { weekly, timeOff: [{ from: '2026-11-26', to: '2026-11-26' }] } };
    expect(nextFreeTime(away, new Date('2026-11-24T08:00:00Z'), 'UTC')).toEqual({ kind: 'none' });
  });
});
