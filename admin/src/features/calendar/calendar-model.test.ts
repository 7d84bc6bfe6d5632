import { DEFAULT_SCHEDULE, type AdminAppointment, type Doctor, type Schedule } from '@carebook/shared';
import { buildEvents, clinicNow, dateToSlot, freeTimesOf, gridHours, slotToDate, workingHours, type VisitEvent } from './calendar-model';

// Tuesday 24 Nov 2026, 10:10 in Berlin.
const NOW = new Date('2026-11-24T09:10:00Z');
const ZONE = 'Europe/Berlin';

function doctor(id: string, schedule: Schedule = DEFAULT_SCHEDULE, available = true): Doctor {
  return { _id: id, name: `Dr. ${id}`, available, schedule, slots_booked: {} } as unknown as Doctor;
}

function appointment(id: string, docId: string, slotDate: string, slotTime: string, flags: Partial<AdminAppointment> = {}): AdminAppointment {
  return {
    _id: id,
    docId,
    slotDate,
    slotTime,
    cancelled: false,
    payment: false,
    isCompleted: false,
    userData: { _id: `u-${id}`, name: `Patient ${id}`, email: `${id}@example.com`, phone: '', image: '' },
    ...flags,
  } as AdminAppointment;
}

const TUESDAY = new Date(2026, 10, 24);
const WEDNESDAY = new Date(2026, 10, 25);

describe('the calendar model', () => {
  it("holds the clinic's wall clock in floating dates, both ways", () => {
    expect(slotToDate('25_11_2026', '14:30')).toEqual(new Date(2026, 10, 25, 14, 30));
    expect(dateToSlot(new Date(2026, 0, 5, 9, 0))).toEqual({ slotDate: '5_1_2026', slotTime: '09:00' });
    expect(slotToDate('31_2_2026', '10:00')).toBeNull();
    expect(clinicNow(NOW, ZONE)).toEqual(new Date(2026, 10, 24, 10, 10));
  });

  it('gives each visit its state and leaves cancelled ones out unless asked', () => {
    const appointments = [
      appointment('a', 'doc01', '25_11_2026', '11:00'),
      appointment('b', 'doc01', '25_11_2026', '12:00', { payment: true }),
      appointment('c', 'doc01', '23_11_2026', '15:00'),
      appointment('g', 'doc01', '24_11_2026', '10:00'),
      appointment('d', 'doc02', '24_11_2026', '10:00', { isCompleted: true }),
      appointment('e', 'doc02', '25_11_2026', '13:00', { cancelled: true }),
    ];
    const input = { doctors: [doctor('doc01'), doctor('doc02')], appointments, now: NOW, timeZone: ZONE, firstDay: new Date(2026, 10, 23), lastDay: WEDNESDAY };
    const states = (showCancelled: boolean) =>
      Object.fromEntries(
        buildEvents({ ...input, showCancelled })
          .filter((e): e is VisitEvent => e.kind === 'visit')
          .map((e) => [e.id, e.state]),
      );
    // c was yesterday and not marked completed: missed. g started at 10:00 and runs until 10:30: not missed yet.
    expect(states(false)).toEqual({ a: 'upcoming', b: 'paid', c: 'missed', g: 'upcoming', d: 'completed' });
    expect(states(true)).toEqual({ a: 'upcoming', b: 'paid', c: 'missed', g: 'upcoming', d: 'completed', e: 'cancelled' });
  });

  it("offers the free times a booking would take: not taken, not past, in the doctor's hours, not on time off", () => {
    const short: Schedule = { weekly: { ...DEFAULT_SCHEDULE.weekly, wed: [{ start: '09:00', end: '11:00' }] }, timeOff: [{ from: '2026-11-24', to: '2026-11-24' }] };
    const appointments = [appointment('a', 'doc01', '25_11_2026', '09:30'), appointment('x', 'doc01', '25_11_2026', '10:00', { cancelled: true })];
    const events = buildEvents({
      doctors: [doctor('doc01', short), doctor('doc02', DEFAULT_SCHEDULE, false)],
      appointments,
      now: NOW,
      timeZone: ZONE,
      firstDay: TUESDAY,
      lastDay: WEDNESDAY,
      showCancelled: false,
    });
    const free = events.filter((e) => e.kind === 'free').map((e) => `${e.resourceId} ${e.slotDate} ${e.slotTime}`);
    // Tuesday is time off; Wednesday 09:30 is taken and 10:00 freed by the cancellation; doc02 takes no bookings.
    expect(free).toEqual(['doc01 25_11_2026 09:00', 'doc01 25_11_2026 10:00', 'doc01 25_11_2026 10:30']);
    expect(freeTimesOf(doctor('doc01', short), appointments, NOW, ZONE).filter((t) => t.slotDate === '25_11_2026').map((t) => t.slotTime)).toEqual([
      '09:00',
      '10:00',
      '10:30',
    ]);
  });

  it('shades what is outside a doctor\'s hours or on time off, and sizes the grid to the widest day', () => {
    const short: Schedule = { weekly: { ...DEFAULT_SCHEDULE.weekly, wed: [{ start: '08:00', end: '11:00' }] }, timeOff: [{ from: '2026-11-26', to: '2026-11-26' }] };
    const works = workingHours([doctor('doc01', short)], ZONE);
    expect(works(new Date(2026, 10, 25, 8, 0), 'doc01')).toBe(true);
    expect(works(new Date(2026, 10, 25, 11, 0), 'doc01')).toBe(false);
    expect(works(new Date(2026, 10, 26, 12, 0), 'doc01')).toBe(false);
    expect(works(new Date(2026, 10, 27, 12, 0), 'doc01')).toBe(true);
    expect(works(new Date(2026, 10, 27, 12, 0), 'nobody')).toBe(false);
    expect(gridHours([doctor('doc01', short)])).toEqual({ first: 8 * 60, last: 21 * 60 });
    expect(gridHours([])).toEqual({ first: 10 * 60, last: 21 * 60 });
  });
});
