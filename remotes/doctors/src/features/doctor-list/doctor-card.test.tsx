import { screen, within } from '@testing-library/react';
import { DEFAULT_SCHEDULE, SLOT_TIMES } from '@carebook/shared';
import { renderWithApp, makeDoctor } from '@carebook/testing';
import { DoctorCard } from './doctor-card';

// Only Date is faked: Tuesday 24 Nov 2026, 13:10 UTC (14:10 in Berlin).
beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-24T13:10:00Z'), doNotFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearImmediate'] });
});
afterEach(() => jest.useRealTimers());

function renderCard(doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', specialization: 'General Physician' }), timeZone = 'Europe/Berlin') {
  renderWithApp(<DoctorCard doctor={doctor} />, { app: { clinic: { timeZone } } });
  return within(screen.getByRole('article', { name: doctor.name }));
}

describe('DoctorCard', () => {
  it('shows the real rating with one decimal and the count', () => {
    const card = renderCard(makeDoctor('d1', { name: 'Dr. Amara Lindqvist', specialization: 'General Physician', rating: 4, reviews: 1 }));
    expect(card.getByText('4.0', { exact: false })).toHaveTextContent('Rated 4.0 out of 5 (1 review)');
    expect(card.queryByText('No reviews yet')).not.toBeInTheDocument();
  });

  it('says "No reviews yet" instead of inventing a rating', () => {
    const card = renderCard(makeDoctor('d1', { name: 'Dr. Amara Lindqvist', specialization: 'General Physician', rating: null, reviews: 0 }));
    expect(card.getByText('No reviews yet')).toBeInTheDocument();
    expect(card.queryByText(/reviews\)/)).not.toBeInTheDocument();
  });

  it('shows the fee and the next free time in the clinic zone, skipping booked times', () => {
    const doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', specialization: 'General Physician', fees: 75, slots_booked: { '24_11_2026': ['14:30'] } });
    const card = renderCard(doctor);
    expect(card.getByText('Fee: $75')).toBeInTheDocument();
    const next = card.getByText(/^Next:/);
    expect(next).toHaveTextContent('Next: Today 3:00 PM');
    expect(within(next).getByText('Today 3:00 PM')).toHaveAttribute('datetime', '2026-11-24T15:00');
  });

  it('uses the clinic zone, not the browser zone (New York is five hours behind)', () => {
    expect(renderCard(undefined, 'America/New_York').getByText(/^Next:/)).toHaveTextContent('Next: Today 10:00 AM');
  });

  it('offers no time for a doctor who is not taking appointments', () => {
    const card = renderCard(makeDoctor('d5', { name: 'Dr. Omar Benali', specialization: 'Dermatologist', available: false }));
    expect(card.queryByText(/^Next:/)).not.toBeInTheDocument();
  });

  it('says when the coming week is full', () => {
    const keys = ['24_11_2026', '25_11_2026', '26_11_2026', '27_11_2026', '28_11_2026', '29_11_2026', '30_11_2026'];
    const full = makeDoctor('d1', {
      name: 'Dr. Amara Lindqvist',
      specialization: 'General Physician',
      slots_booked: Object.fromEntries(keys.map((key) => [key, [...SLOT_TIMES]])),
    });
    expect(renderCard(full).getByText('No free times in the next 7 days')).toBeInTheDocument();
  });

  it("follows the doctor's schedule: early hours on Thursdays only", () => {
    const weekly = { mon: [], tue: [], wed: [], thu: [{ start: '07:00', end: '09:00' }], fri: [], sat: [], sun: [] };
    const doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', schedule: { weekly, timeOff: [] } });
    expect(renderCard(doctor).getByText(/^Next:/)).toHaveTextContent('Next: Thu 7:00 AM');
  });

  it('says there is no free time for a doctor away all week', () => {
    const doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', schedule: { ...DEFAULT_SCHEDULE, timeOff: [{ from: '2026-11-20', to: '2026-12-05' }] } });
    expect(renderCard(doctor).getByText('No free times in the next 7 days')).toBeInTheDocument();
  });
});
