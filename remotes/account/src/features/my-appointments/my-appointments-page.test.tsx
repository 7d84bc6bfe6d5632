import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, type ApiClient, type Appointment } from '@carebook/shared';
import { renderWithApp, stubApi, apiCall, appointmentDoctor, makeAppointment, makeDoctor } from '@carebook/testing';
import MyAppointmentsPage from './my-appointments-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const ROUTE = { route: '/my-appointments', path: '/my-appointments' };

function appointment(id: string, state: Partial<Appointment>, doctor = 'Dr. Richard James'): Appointment {
  const docData = appointmentDoctor(
    makeDoctor('doc01', {
      name: doctor,
      image: `http://api.test/images/${id}.svg`,
      specialization: 'General Physician',
      address: { line1: '17th Cross, Richmond', line2: 'Circle, Ring Road' },
      fees: 50,
    }),
  );
  return makeAppointment({ _id: id, docData, slotDate: '24_11_2026', slotTime: '14:30', date: 1_700_000_000_000, ...state });
}

function card(name: string): HTMLElement {
  return screen.getByRole('listitem', { name });
}

beforeEach(() => {
  jest.clearAllMocks();
  // Only Date is faked: Friday 20 Nov 2026, 09:00 UTC, the clinic's zone in these tests.
  jest.useFakeTimers({
    now: new Date('2026-11-20T09:00:00Z'),
    doNotFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearImmediate'],
  });
});
afterEach(() => jest.useRealTimers());

function groupNames(title: RegExp): string[] {
  const group = screen.getByRole('region', { name: title });
  return within(group).getAllByRole('listitem').map((item) => within(item).getByRole('heading').textContent ?? '');
}

describe('MyAppointmentsPage', () => {
  it('tells a visitor to log in, with a way to log in', () => {
    renderWithApp(<MyAppointmentsPage />, ROUTE);
    expect(screen.getByText('Please login to view your appointments.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fmy-appointments');
  });

  it('shows each appointment with doctor, address and clinic wall time, grouped, in its state', async () => {
    const list = [
      appointment('a1', { cancelled: true }, 'Dr. Cancelled'),
      appointment('a2', { isCompleted: true, payment: true }, 'Dr. Completed'),
      appointment('a4', { slotDate: '5_1_2027', slotTime: '10:00' }, 'Dr. Unpaid'),
      appointment('a3', { payment: true }, 'Dr. Paid'),
    ];
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: list }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get }) } });

    await screen.findAllByRole('listitem');
    expect(groupNames(/^Upcoming/)).toEqual(['Dr. Paid', 'Dr. Unpaid']); // soonest first
    expect(groupNames(/^Past/)).toEqual(['Dr. Completed']);
    expect(groupNames(/^Cancelled/)).toEqual(['Dr. Cancelled']);
    expect(get).toHaveBeenCalledWith('/api/v1/user/appointments');

    const unpaid = card('Dr. Unpaid');
    expect(within(unpaid).getByRole('img', { name: 'Photo of Dr. Unpaid' })).toHaveAttribute('src', 'http://api.test/images/a4.svg');
    expect(within(unpaid).getByText('General Physician')).toBeInTheDocument();
    expect(within(unpaid).getByText(/17th Cross, Richmond/)).toHaveTextContent('Circle, Ring Road');
    expect(within(unpaid).getByText(/Date & Time:/)).toHaveTextContent('Date & Time: Tue 5 Jan 2027, 10:00 AM');
    expect(within(card('Dr. Paid')).getByText(/Date & Time:/)).toHaveTextContent('Date & Time: Tue 24 Nov 2026, 2:30 PM');

    const cancelled = card('Dr. Cancelled');
    expect(within(cancelled).getByRole('button', { name: 'Appointment Cancelled' })).toBeDisabled();
    expect(within(cancelled).getAllByRole('button')).toHaveLength(1);

    const completed = card('Dr. Completed');
    expect(within(completed).getByText('Completed!')).toBeInTheDocument();
    expect(within(completed).getAllByRole('button').map((b) => b.textContent)).toEqual(['Rate this visit']);

    const paid = card('Dr. Paid');
    expect(within(paid).getByText('Appointment Paid')).toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled();
    expect(within(paid).queryByRole('button', { name: 'Pay Online' })).not.toBeInTheDocument();

    const pay = within(unpaid).getByRole('button', { name: 'Pay Online' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/Online payment is not available yet/);
    expect(within(unpaid).getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled();
    expect(within(unpaid).queryByText('Appointment Paid')).not.toBeInTheDocument();
  });

  it('asks before cancelling, then cancels, toasts the server message and refreshes the list and doctors', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [appointment('a1', { cancelled })] }));
    const post = apiCall(() => {
      cancelled = true;
      return { success: true, message: 'Appointment cancelled' };
    });
    const { app } = renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });

    const cancel = await screen.findByRole('button', { name: 'Cancel Appointment' });
    await user.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(dialog).toHaveAccessibleDescription(/Dr. Richard James, Tue 24 Nov 2026, 2:30 PM/);
    expect(within(dialog).getByRole('button', { name: 'Keep appointment' })).toHaveFocus();
    expect(post).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('button', { name: 'Appointment Cancelled' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith('/api/v1/user/cancel-appointment', { appointmentId: 'a1' }, { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(toast.success).toHaveBeenCalledWith('Appointment cancelled');
    // The list is read again (and the waitlist, whose request for this visit ended with it).
    expect(get.mock.calls.filter(([path]) => path === '/api/v1/user/appointments')).toHaveLength(2);
    expect(get.mock.calls.filter(([path]) => path === '/api/v1/user/waitlist')).toHaveLength(2);
    expect(app.reloadDoctors).toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks for any earlier time with one tap and the confirmation', async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [appointment('a1', {})] }));
    const post = apiCall(() => ({ success: true, message: "We'll email you as soon as an earlier time frees up" }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });

    await user.click(await screen.findByRole('button', { name: 'Notify me of an earlier time' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Notify me of an earlier time?' });
    // The narrowing is folded away: the confirmation asks for any earlier time.
    expect(within(dialog).queryByRole('checkbox', { name: 'Monday' })).not.toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, notify me' }));
    expect(post).toHaveBeenLastCalledWith('/api/v1/user/waitlist', { docId: 'doc01', appointmentId: 'a1' });
    expect(toast.success).toHaveBeenCalledWith("We'll email you as soon as an earlier time frees up");
  });

  it('narrows the request to days before a date, some weekdays and afternoons', async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [appointment('a1', {})] }));
    const post = apiCall(() => ({ success: true, message: "We'll email you as soon as an earlier time frees up" }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });

    await user.click(await screen.findByRole('button', { name: 'Notify me of an earlier time' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Notify me of an earlier time?' });
    await user.click(within(dialog).getByText('Only some times? (optional)'));
    const before = within(dialog).getByLabelText('Only on days before');
    // Before today there is no time: the first day offered is tomorrow (the clinic's 20 Nov 2026).
    expect(before).toHaveAttribute('min', '2026-11-21');
    // A date field is filled by its picker, not typed into character by character.
    fireEvent.change(before, { target: { value: '2026-11-24' } });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Afternoons (from 1 PM)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, notify me' }));
    expect(post).toHaveBeenLastCalledWith('/api/v1/user/waitlist', {
      docId: 'doc01',
      appointmentId: 'a1',
      before: '2026-11-24',
      weekdays: ['mon', 'tue'],
      partOfDay: 'afternoon',
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the appointment when the patient changes their mind (button or Escape)', async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [appointment('a1', {})] }));
    const post = apiCall(() => ({ success: true }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });

    await user.click(await screen.findByRole('button', { name: 'Cancel Appointment' }));
    await user.click(screen.getByRole('button', { name: 'Keep appointment' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Appointment' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cancel Appointment' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("toasts the server's message when cancelling fails", async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [appointment('a1', {})] }));
    const post = apiCall(() => {
      throw new ApiError('A completed appointment cannot be cancelled', 400);
    });
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });
    await user.click(await screen.findByRole('button', { name: 'Cancel Appointment' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('A completed appointment cannot be cancelled'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says when there are no appointments and links to the doctors', async () => {
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [] }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get }) } });
    expect(await screen.findByText('You have no appointments yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a doctor' })).toHaveAttribute('href', '/doctors');
  });

  it("shows the server's message and a retry when the list cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    const get = apiCall<ApiClient['get']>(() => {
      if (fail) throw new ApiError('Something went wrong on our side. Please try again.', 500);
      return { success: true, requests: [], appointments: [] };
    });
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no appointments yet.')).toBeInTheDocument();
  });
});
