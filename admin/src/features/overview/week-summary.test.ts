import type { AdminAppointment } from '../../api/admin-api';
import { summarizeWeek, weekByDoctor, weekDays } from './week-summary';

function appointment(id: string, docId: string, name: string, slotDate: string, slotTime: string, cancelled = false): AdminAppointment {
  return {
    _id: id,
    docId,
    slotDate,
    slotTime,
    docData: { _id: docId, name, image: '', specialization: 'Dermatologist', address: { line1: '', line2: '' }, fees: 50 },
    amount: 50,
    date: 0,
    cancelled,
    payment: false,
    isCompleted: false,
    missed: false,
    patientMissed: 0,
    userId: 'u1',
    userData: { _id: 'u1', name: 'Pat', email: 'pat@example.com', phone: '', image: '' },
  };
}

describe('the week at a glance', () => {
  // 23:30 UTC on Monday 23 Nov is already Tuesday 24 Nov in Berlin: the week follows the clinic.
  const now = new Date('2026-11-23T23:30:00Z');

  it('covers the 7 bookable days from today in the clinic zone', () => {
    const days = weekDays(now, 'Europe/Berlin');
    expect(days.map((day) => day.iso)).toEqual([
      '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30',
    ]);
    expect(days[0]).toEqual({ iso: '2026-11-24', key: '24_11_2026', label: 'Tuesday 24 November' });
    expect(weekDays(now, 'UTC')[0]?.iso).toBe('2026-11-23');
  });

  it('counts live appointments per day and per doctor, by time within a day', () => {
    const days = weekDays(now, 'Europe/Berlin');
    const summary = summarizeWeek(days, [
      appointment('a', 'd1', 'Dr. Bea Ames', '24_11_2026', '15:00'),
      appointment('b', 'd2', 'Dr. Cal Berg', '24_11_2026', '10:30'),
      appointment('c', 'd1', 'Dr. Bea Ames', '24_11_2026', '11:00'),
      appointment('d', 'd2', 'Dr. Cal Berg', '24_11_2026', '12:00', true),
      appointment('e', 'd2', 'Dr. Cal Berg', '26_11_2026', '12:00'),
      appointment('f', 'd2', 'Dr. Cal Berg', '1_12_2026', '12:00'),
    ]);
    expect(summary).toHaveLength(7);
    expect(summary[0]).toMatchObject({ isToday: true, total: 3 });
    expect(summary[0]?.appointments.map((a) => a._id)).toEqual(['b', 'c', 'a']);
    expect(summary[0]?.byDoctor).toEqual([
      { docId: 'd1', name: 'Dr. Bea Ames', count: 2 },
      { docId: 'd2', name: 'Dr. Cal Berg', count: 1 },
    ]);
    expect(summary.map((day) => day.total)).toEqual([3, 0, 1, 0, 0, 0, 0]);
    expect(weekByDoctor(summary)).toEqual([
      { docId: 'd1', name: 'Dr. Bea Ames', count: 2 },
      { docId: 'd2', name: 'Dr. Cal Berg', count: 2 },
    ]);
  });
});
