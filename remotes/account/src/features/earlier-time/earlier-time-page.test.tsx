import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, MESSAGES, type EarlierTimeOffer } from '@carebook/shared';
import { appointmentDoctor, makeDoctor, renderWithApp, stubApi } from '@carebook/testing';
import EarlierTimePage, { offerIdFromSearch } from './earlier-time-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const PATH = '/earlier-time';
const ROUTE = `${PATH}?offer=o1`;

function offer(status: EarlierTimeOffer['status']): EarlierTimeOffer {
  const docData = appointmentDoctor(makeDoctor('doc01', { name: 'Dr. Early' }));
  return { _id: 'o1', docId: 'doc01', docData, slotDate: '25_11_2026', slotTime: '11:00', status, current: { slotDate: '27_11_2026', slotTime: '15:00' } };
}

beforeEach(() => jest.clearAllMocks());

describe('EarlierTimePage', () => {
  it('reads the offer from the link', () => {
    expect(offerIdFromSearch('?offer=abc')).toBe('abc');
    expect(offerIdFromSearch('')).toBeNull();
  });

  it('asks a visitor to log in and come back to the same offer', () => {
    renderWithApp(<EarlierTimePage />, { route: ROUTE, path: PATH, app: { token: null } });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(ROUTE)}`);
  });

  it('shows the offered time and the visit it replaces, and takes it', async () => {
    const user = userEvent.setup();
    let current = offer('open');
    const get = jest.fn(async () => ({ success: true, offer: current }));
    const post = jest.fn(async () => {
      current = offer('taken');
      return { success: true, message: MESSAGES.offerTaken, appointmentId: 'a1' };
    });
    renderWithApp(<EarlierTimePage />, { route: ROUTE, path: PATH, app: { token: 't', api: stubApi({ get, post }) } });
    expect(await screen.findByText('Wed 25 Nov 2026, 11:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Taking it moves your visit from Fri 27 Nov 2026, 3:00 PM to this time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take this time' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/waitlist-take', { offerId: 'o1' });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.offerTaken);
    expect(await screen.findByText('This time is yours: your visit is on Wed 25 Nov 2026, 11:00 AM.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take this time' })).not.toBeInTheDocument();
  });

  it('says the time is gone when someone was first, and keeps what the patient had', async () => {
    const user = userEvent.setup();
    let current = offer('open');
    const get = jest.fn(async () => ({ success: true, offer: current }));
    const post = jest.fn(async () => {
      current = offer('gone');
      throw new ApiError(MESSAGES.offerGone, 409);
    });
    renderWithApp(<EarlierTimePage />, { route: ROUTE, path: PATH, app: { token: 't', api: stubApi({ get, post }) } });
    await user.click(await screen.findByRole('button', { name: 'Take this time' }));
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.offerGone);
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.offerGone);
  });
});
