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

  it('offers the next three free times in the clinic zone as links to the doctor page with that time chosen, skipping booked times', () => {
    const doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', specialization: 'General Physician', fees: 75, slots_booked: { '24_11_2026': ['14:30'] } });
    const card = renderCard(doctor);
    expect(card.getByText('Fee: $75')).toBeInTheDocument();
    const times = within(card.getByRole('list', { name: 'Next free times' })).getAllByRole('link');
    expect(times.map((link) => [link.getAttribute('aria-label') ?? link.textContent, link.getAttribute('href')])).toEqual([
      ['Book Dr. Amara Lindqvist, Today 3:00 PM, Tue 24 Nov', '/appointment/d1?date=24_11_2026&time=15:00'],
      ['Book Dr. Amara Lindqvist, Today 3:30 PM, Tue 24 Nov', '/appointment/d1?date=24_11_2026&time=15:30'],
      ['Book Dr. Amara Lindqvist, Today 4:00 PM, Tue 24 Nov', '/appointment/d1?date=24_11_2026&time=16:00'],
      ['More times with Dr. Amara Lindqvist', '/appointment/d1'],
    ]);
    // What the link shows is where its name starts after the doctor's (WCAG's label in name).
    expect(times[0]).toHaveTextContent('Today 3:00 PM');
    expect(within(times[0] as HTMLElement).getByText('3:00 PM')).toHaveAttribute('datetime', '2026-11-24T15:00');
  });

  it('uses the clinic zone, not the browser zone (New York is five hours behind)', () => {
    const card = renderCard(undefined, 'America/New_York');
    expect(card.getAllByRole('link', { name: /^Book Dr\. Amara Lindqvist, / }).map((link) => link.getAttribute('href'))).toEqual([
      '/appointment/d1?date=24_11_2026&time=10:00',
      '/appointment/d1?date=24_11_2026&time=10:30',
      '/appointment/d1?date=24_11_2026&time=11:00',
    ]);
  });

  it('offers no time for a doctor who is not taking appointments', () => {
    const card = renderCard(makeDoctor('d5', { name: 'Dr. Omar Benali', specialization: 'Dermatologist', available: false }));
    expect(card.queryByRole('list', { name: 'Next free times' })).not.toBeInTheDocument();
    expect(card.queryByText('No free times in the next 7 days')).not.toBeInTheDocument();
    const links = card.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('View profile of Dr. Omar Benali');
    expect(links[0]).toHaveTextContent('View profile');
  });

  it('says when the coming week is full', () => {
    const keys = ['24_11_2026', '25_11_2026', '26_11_2026', '27_11_2026', '28_11_2026', '29_11_2026', '30_11_2026'];
    const full = makeDoctor('d1', {
      name: 'Dr. Amara Lindqvist',
      specialization: 'General Physician',
      slots_booked: Object.fromEntries(keys.map((key) => [key, [...SLOT_TIMES]])),
    });
    const card = renderCard(full);
    expect(card.getByText('No free times in the next 7 days')).toBeInTheDocument();
    expect(card.queryByRole('list', { name: 'Next free times' })).not.toBeInTheDocument();
  });

  it("follows the doctor's schedule: early hours on Thursdays only", () => {
    const weekly = { mon: [], tue: [], wed: [], thu: [{ start: '07:00', end: '09:00' }], fri: [], sat: [], sun: [] };
    const doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', schedule: { weekly, timeOff: [] } });
    expect(renderCard(doctor).getAllByRole('link', { name: /^Book Dr\. Amara Lindqvist, / }).map((link) => link.getAttribute('aria-label'))).toEqual([
      'Book Dr. Amara Lindqvist, Thu 7:00 AM, 26 Nov',
      'Book Dr. Amara Lindqvist, Thu 7:30 AM, 26 Nov',
      'Book Dr. Amara Lindqvist, Thu 8:00 AM, 26 Nov',
    ]);
  });

  it('says there is no free time for a doctor away all week', () => {
    const doctor = makeDoctor('d1', { name: 'Dr. Amara Lindqvist', schedule: { ...DEFAULT_SCHEDULE, timeOff: [{ from: '2026-11-20', to: '2026-12-05' }] } });
    expect(renderCard(doctor).getByText('No free times in the next 7 days')).toBeInTheDocument();
  });
});
