import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { generateSlotDays, formatShortDay, formatTime, MESSAGES } from '@carebook/shared';
import { renderWithApp, stubApi, makeDoctor, apiCall } from '@carebook/testing';
import { BookingWidget } from './booking-widget';

const doctor = makeDoctor('doc01', { name: 'Dr. Amara Lindqvist' });

async function bookTomorrow(): Promise<string> {
  const user = userEvent.setup();
  const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1]!;
  await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
  await user.click(screen.getByRole('radio', { name: formatTime('11:00') }));
  await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
  return day.key;
}

beforeEach(() => {
  jest.spyOn(toast, 'warning').mockImplementation(() => 'id');
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
});
afterEach(() => jest.restoreAllMocks());

describe('BookingWidget (the embed)', () => {
  it('says to log in when there is no token and no login callback', async () => {
    renderWithApp(<BookingWidget docId="doc01" />, { app: { doctors: [doctor], token: null } });
    expect(screen.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist' })).toBeInTheDocument();
    await bookTomorrow();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginToBook);
    expect(toast.warning).toHaveBeenCalledWith(MESSAGES.loginToBook);
  });

  it("calls the integrator's login callback instead", async () => {
    const onLoginRequired = jest.fn();
    renderWithApp(<BookingWidget docId="doc01" onLoginRequired={onLoginRequired} />, { app: { doctors: [doctor], token: null } });
    await bookTomorrow();
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('books with the token and reports the booking, staying on the widget', async () => {
    const post = apiCall(() => ({ success: true, message: 'Appointment booked' }));
    const onBooked = jest.fn();
    renderWithApp(<BookingWidget docId="doc01" onBooked={onBooked} />, { app: { doctors: [doctor], token: 't', api: stubApi({ post }) } });
    const slotDate = await bookTomorrow();
    await screen.findByText('No time selected');
    expect(onBooked).toHaveBeenCalledWith({ docId: 'doc01', slotDate, slotTime: '11:00', message: 'Appointment booked' });
    expect(toast.success).toHaveBeenCalledWith('Appointment booked');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('shows not found for an unknown doctor, without links into the site', () => {
    renderWithApp(<BookingWidget docId="nobody" />, { app: { doctors: [doctor] } });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.doctorNotFound);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
