import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { MESSAGES, type ApiClient, type Appointment } from '@carebook/shared';
import { renderWithApp, stubApi, apiCall, appointmentDoctor, makeAppointment, makeDoctor } from '@carebook/testing';
import MyAppointmentsPage from './my-appointments-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const ROUTE = { route: '/my-appointments', path: '/my-appointments' };

function appointment(id: string, name: string, state: Partial<Appointment>): Appointment {
  const doctor = makeDoctor('doc01', { name, image: 'http://api.test/d.svg', specialization: 'Neurologist', address: { line1: '1 Main St', line2: '' }, fees: 50 });
  return makeAppointment({ _id: id, docData: appointmentDoctor(doctor), slotDate: '24_11_2026', slotTime: '14:30', ...state });
}

beforeEach(() => {
  jest.clearAllMocks();
  // Only Date is faked: Monday 23 Nov 2026, 12:00 in the clinic zone (UTC).
  jest.useFakeTimers({
    now: new Date('2026-11-23T12:00:00Z'),
    doNotFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearImmediate'],
  });
});
afterEach(() => jest.useRealTimers());

async function card(name: string): Promise<ReturnType<typeof within>> {
  return within(await screen.findByRole('listitem', { name }));
}

describe('My Appointments actions', () => {
  it('offers Reschedule (to the doctor page) and Add to calendar on an upcoming appointment', async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [appointment('a1', 'Dr. Soon', {})] }));
    const getText = jest.fn(async () => 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, getText }) } });
    const soon = await card('Dr. Soon');
    expect(soon.getByRole('link', { name: 'Reschedule' })).toHaveAttribute('href', '/appointment/doc01?reschedule=a1');
    await user.click(soon.getByRole('button', { name: 'Add to calendar' }));
    expect(getText).toHaveBeenCalledWith('/api/v1/user/appointments/a1/calendar');
  });

  it('offers no cancel or reschedule once the visit time has passed', async () => {
    const past = appointment('a2', 'Dr. Earlier', { slotDate: '23_11_2026', slotTime: '11:30', payment: true });
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [past] }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get }) } });
    const earlier = await card('Dr. Earlier');
    expect(within(screen.getByRole('region', { name: /^Past/ })).getByText('Dr. Earlier')).toBeInTheDocument();
    expect(earlier.getByText('Visit time has passed')).toBeInTheDocument();
    expect(earlier.getByText('Appointment Paid')).toBeInTheDocument();
    expect(earlier.queryByRole('button')).not.toBeInTheDocument();
    expect(earlier.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('No upcoming appointments.')).toBeInTheDocument();
  });

  it('rates a completed visit: stars required, comment optional, then shows the rating', async () => {
    const user = userEvent.setup();
    let rated: number | null = null;
    const get = apiCall<ApiClient['get']>(() => ({
      success: true,
      requests: [],
      appointments: [appointment('a3', 'Dr. Done', { slotDate: '20_11_2026', isCompleted: true, rating: rated })],
    }));
    const post = apiCall((_path, body) => {
      rated = (body as { rating: number }).rating;
      return { success: true, message: MESSAGES.ratingThanks };
    });
    const { app } = renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });
    await user.click((await card('Dr. Done')).getByRole('button', { name: 'Rate this visit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Rate your visit' }));
    expect(dialog.getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Submit rating' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(MESSAGES.ratingInvalid);
    expect(post).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('radio', { name: '4 stars' }));
    await user.type(dialog.getByLabelText('Comment (optional)'), '  Very kind.  ');
    expect(dialog.getByText('486 characters left')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Submit rating' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/user/rate-appointment', { appointmentId: 'a3', rating: 4, comment: 'Very kind.' }));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.ratingThanks);
    expect(await screen.findByText('You rated this visit 4 out of 5.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.reloadDoctors).toHaveBeenCalled();
  });

  it("keeps the form open with the server's message when rating fails, and Escape closes it", async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({
      success: true,
      requests: [],
      appointments: [appointment('a4', 'Dr. Done', { slotDate: '20_11_2026', isCompleted: true, rating: null })],
    }));
    const post = apiCall(() => {
      throw new Error(MESSAGES.ratingTwice);
    });
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });
    await user.click((await card('Dr. Done')).getByRole('button', { name: 'Rate this visit' }));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText(MESSAGES.ratingTwice)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate this visit' })).toHaveFocus();
  });
});
