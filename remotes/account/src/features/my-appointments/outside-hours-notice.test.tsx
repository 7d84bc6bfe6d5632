import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, MESSAGES, type ApiClient, type Appointment } from '@carebook/shared';
import { renderWithApp, stubApi, apiCall, appointmentDoctor, makeAppointment, makeDoctor } from '@carebook/testing';
import MyAppointmentsPage from './my-appointments-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const ROUTE = { route: '/my-appointments', path: '/my-appointments' };
const QUESTION = 'The doctor’s hours have changed';

function visit(outsideHours: Appointment['outsideHours']): Appointment {
  const doctor = makeDoctor('doc02', { name: 'Dr. Moved Hours', image: 'http://api.test/d.svg', specialization: 'Neurologist', address: { line1: '1 Main St', line2: '' }, fees: 50 });
  return makeAppointment({ _id: 'a1', docData: appointmentDoctor(doctor), docId: 'doc02', slotDate: '26_11_2026', slotTime: '11:00', outsideHours });
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

describe('a visit a schedule change left outside the doctor’s hours', () => {
  it('asks the patient; Keep this time keeps it and moves focus to the answer', async () => {
    const user = userEvent.setup();
    let state: Appointment['outsideHours'] = 'ask';
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [visit(state)] }));
    const post = apiCall(() => {
      state = 'kept';
      return { success: true, message: MESSAGES.appointmentKept };
    });
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });
    const question = within(await screen.findByRole('group', { name: QUESTION }));
    expect(question.getByRole('link', { name: 'Choose another time' })).toHaveAttribute('href', '/appointment/doc02?reschedule=a1');
    const keep = question.getByRole('button', { name: 'Keep this time' });
    expect(keep).toHaveAccessibleDescription(/This visit is now outside Dr\. Moved Hours’s working times\. It is still booked\./);
    keep.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/user/keep-appointment', { appointmentId: 'a1' }));
    const kept = await screen.findByText(/^Done: you are keeping this time\./);
    await waitFor(() => expect(kept).toHaveFocus());
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.appointmentKept);
    expect(screen.queryByRole('group', { name: QUESTION })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, and what is true now, when staff already settled it', async () => {
    const user = userEvent.setup();
    let state: Appointment['outsideHours'] = 'ask';
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [visit(state)] }));
    const post = apiCall(() => {
      state = 'kept';
      throw new ApiError(MESSAGES.appointmentNotHeld, 409);
    });
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });
    await user.click(within(await screen.findByRole('group', { name: QUESTION })).getByRole('button', { name: 'Keep this time' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.appointmentNotHeld);
    expect(await screen.findByText(/^This time is kept, although the doctor’s hours changed\./)).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('keeps the question and names the failure when the network fails', async () => {
    const user = userEvent.setup();
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [visit('ask')] }));
    const post = apiCall(() => {
      throw new ApiError(MESSAGES.networkError, 0);
    });
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get, post }) } });
    const question = within(await screen.findByRole('group', { name: QUESTION }));
    await user.click(question.getByRole('button', { name: 'Keep this time' }));
    expect(await question.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    expect(question.getByRole('button', { name: 'Keep this time' })).toBeEnabled();
  });

  it('says nothing on a visit without a schedule change, nor on a past one', async () => {
    const past = { ...visit('ask'), _id: 'a2', slotDate: '20_11_2026' };
    const get = apiCall<ApiClient['get']>(() => ({ success: true, requests: [], appointments: [visit(null), past] }));
    renderWithApp(<MyAppointmentsPage />, { ...ROUTE, app: { token: 't', api: stubApi({ get }) } });
    expect(await screen.findAllByText('Dr. Moved Hours')).toHaveLength(2);
    expect(screen.queryByRole('group', { name: QUESTION })).not.toBeInTheDocument();
    expect(screen.queryByText(/doctor’s hours changed/)).not.toBeInTheDocument();
  });
});
