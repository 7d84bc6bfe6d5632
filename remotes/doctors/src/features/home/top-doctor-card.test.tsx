import { screen, within } from '@testing-library/react';
import { renderWithApp, makeDoctor } from '@carebook/testing';
import { TopDoctorCard } from './top-doctor-card';

// Only Date is faked: Tuesday 24 Nov 2026, 13:10 UTC (14:10 in Berlin).
beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-24T13:10:00Z'), doNotFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearImmediate'] });
});
afterEach(() => jest.useRealTimers());

const AMARA = { name: 'Dr. Amara Lindqvist', specialization: 'General Physician' } as const;

function renderTile(doctor = makeDoctor('d1', AMARA), timeZone = 'Europe/Berlin') {
  renderWithApp(<TopDoctorCard doctor={doctor} />, { app: { clinic: { timeZone } } });
  return within(screen.getByRole('article', { name: doctor.name }));
}

describe('TopDoctorCard', () => {
  it('shows the real rating with one decimal and the count, as the list card does', () => {
    const tile = renderTile(makeDoctor('d1', { ...AMARA, rating: 4.5, reviews: 12 }));
    expect(tile.getByText('4.5', { exact: false })).toHaveTextContent('Rated 4.5 out of 5 (12 reviews)');
    expect(tile.queryByText('No reviews yet')).not.toBeInTheDocument();
  });

  it('says "No reviews yet" instead of inventing a rating', () => {
    const tile = renderTile(makeDoctor('d1', { ...AMARA, rating: null, reviews: 0 }));
    expect(tile.getByText('No reviews yet')).toBeInTheDocument();
    expect(tile.queryByText(/out of 5/)).not.toBeInTheDocument();
  });

  it('shows availability, the fee and the next free times in the clinic zone as links, skipping booked times', () => {
    const tile = renderTile(makeDoctor('d1', { ...AMARA, fees: 75, slots_booked: { '24_11_2026': ['14:30', '15:30'] } }));
    expect(tile.getByText('Available')).toBeInTheDocument();
    expect(tile.getByText('Fee: $75')).toBeInTheDocument();
    const times = within(tile.getByRole('list', { name: 'Next free times' })).getAllByRole('link');
    expect(times.map((link) => link.getAttribute('href'))).toEqual([
      '/appointment/d1?date=24_11_2026&time=15:00',
      '/appointment/d1?date=24_11_2026&time=16:00',
      '/appointment/d1?date=24_11_2026&time=16:30',
      '/appointment/d1',
    ]);
    expect(times[0]).toHaveAccessibleName('Book Dr. Amara Lindqvist, Today 3:00 PM, Tue 24 Nov');
    expect(times[3]).toHaveAccessibleName('More times with Dr. Amara Lindqvist');
  });

  it('uses the clinic zone, not the browser zone (Auckland is already on Wednesday)', () => {
    const first = renderTile(undefined, 'Pacific/Auckland').getAllByRole('link', { name: /^Book / })[0];
    expect(first).toHaveAccessibleName('Book Dr. Amara Lindqvist, Today 10:00 AM, Wed 25 Nov');
    expect(first).toHaveAttribute('href', '/appointment/d1?date=25_11_2026&time=10:00');
  });

  it('offers no time for a doctor who is not taking appointments', () => {
    const tile = renderTile(makeDoctor('d5', { name: 'Dr. Omar Benali', specialization: 'Dermatologist', available: false }));
    expect(tile.getByText('Not booking now')).toBeInTheDocument();
    expect(tile.queryByRole('list', { name: 'Next free times' })).not.toBeInTheDocument();
    expect(tile.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/appointment/d5']);
  });

  it('links its name to the doctor page', () => {
    expect(renderTile().getByRole('link', { name: AMARA.name })).toHaveAttribute('href', '/appointment/d1');
  });
});
