import type { Appointment } from '@carebook/shared';
import { groupAppointments } from './group-appointments';

function appointment(_id: string, slotDate: string, slotTime: string, state: Partial<Appointment> = {}): Appointment {
  return {
    _id,
    docId: 'doc01',
    slotDate,
    slotTime,
    docData: { _id: 'doc01', name: 'Dr. A', image: '', specialization: 'Neurologist', address: { line1: '', line2: '' }, fees: 1 },
    amount: 1,
    date: 0,
    cancelled: false,
    payment: false,
    isCompleted: false,
    ...state,
  };
}

describe('groupAppointments', () => {
  // 24 Nov 2026 14:10 in Berlin (13:10Z).
  const now = new Date('2026-11-24T13:10:00Z');
  const list = [
    appointment('later', '5_12_2026', '10:00'),
    appointment('soon', '24_11_2026', '14:30'),
    appointment('under-way', '24_11_2026', '14:00'),
    appointment('done', '20_11_2026', '11:00', { isCompleted: true }),
    appointment('completed-early', '26_11_2026', '11:00', { isCompleted: true }),
    appointment('next-week', '1_12_2026', '20:30'),
    appointment('gone', '25_11_2026', '10:00', { cancelled: true }),
    appointment('gone-earlier', '19_11_2026', '10:00', { cancelled: true }),
  ];
  const ids = (group: Appointment[]): string[] => group.map((a) => a._id);

  it('puts upcoming soonest first, across a month end (not by text order)', () => {
    expect(ids(groupAppointments(list, now, 'Europe/Berlin').upcoming)).toEqual(['soon', 'next-week', 'later']);
  });

  it('puts started and completed visits in Past, most recent first', () => {
    expect(ids(groupAppointments(list, now, 'Europe/Berlin').past)).toEqual(['completed-early', 'under-way', 'done']);
  });

  it('keeps cancelled ones apart, most recent first', () => {
    expect(ids(groupAppointments(list, now, 'Europe/Berlin').cancelled)).toEqual(['gone', 'gone-earlier']);
  });

  it('decides by the clinic zone: at 13:10Z the 14:00 slot is still ahead in London', () => {
    expect(ids(groupAppointments(list, now, 'Europe/London').upcoming)).toContain('under-way');
  });
});
