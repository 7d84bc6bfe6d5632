import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { formatLongDay, formatShortDay, formatTime, generateSlotDays, MESSAGES, type ApiClient } from '@carebook/shared';
import { AppProvider } from '@carebook/shared/react';
import { stubApi, makeDoctor } from '@carebook/testing';
import { SelfServiceWidget } from './self-service-widget';

const doctor = makeDoctor('doc01', { name: 'Dr. Amara Lindqvist', address: { line1: '14 Alder Street', line2: 'Riverside' } });

/** A small in-memory API: the real AppProvider talks to it, so the token really changes. */
function fakeApi(): ApiClient & { post: jest.Mock } {
  const post = jest.fn(async (path: string, body?: object) => {
    if (path === '/api/v1/user/login') {
      const { email } = body as { email: string };
      if (email !== 'ana@example.com') throw new Error(MESSAGES.wrongCredentials);
      return { success: true, token: 'session-1' };
    }
    if (path === '/api/v1/user/book-appointment') return { success: true, message: MESSAGES.appointmentBooked, appointmentId: 'appt-7' };
    throw new Error(`unexpected POST ${path}`);
  });
  const get = jest.fn(async (path: string) => {
    if (path === '/api/v1/doctor/all-doctors') return { success: true, doctors: [doctor] };
    if (path === '/api/v1/clinic') return { success: true, clinic: { timeZone: 'UTC' } };
    if (path === '/api/v1/user/get-profile') return { success: true, user: { _id: 'u1', name: 'Ana Patient', email: 'ana@example.com' } };
    if (path === '/api/v1/user/appointments') {
      const [, booking] = post.mock.calls.find(([called]) => called === '/api/v1/user/book-appointment') ?? [];
      return { success: true, appointments: booking ? [{ _id: 'appt-7', ...(booking as object), cancelled: false }] : [] };
    }
    throw new Error(`unexpected GET ${path}`);
  });
  const getText = jest.fn(async (path: string) => {
    if (path === '/api/v1/user/appointments/appt-7/calendar') return 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    throw new Error(`unexpected GET ${path}`);
  });
  return { ...stubApi(), get, post, getText } as ApiClient & { post: jest.Mock };
}

function renderWidget(docId = 'doc01') {
  const api = fakeApi();
  const emit = jest.fn();
  render(
    <AppProvider apiUrl="http://api.test" persistToken={false} apiClient={api}>
      <SelfServiceWidget docId={docId} emit={emit} />
    </AppProvider>,
  );
  return { api, emit };
}

beforeEach(() => {
  jest.spyOn(toast, 'success').mockImplementation(() => 'id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'id');
  window.localStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

describe('SelfServiceWidget (the one-snippet embed)', () => {
  it('logs in inside the widget, keeps the chosen time, and books it with one more press', async () => {
    const user = userEvent.setup();
    const { api, emit } = renderWidget();
    await screen.findByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist' });
    expect(emit).toHaveBeenCalledWith('ready', { docId: 'doc01', doctorName: 'Dr. Amara Lindqvist' });
    const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1]!;
    await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
    await user.click(screen.getByRole('radio', { name: formatTime('11:00') }));
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));

    // The site's rules and messages, before any call.
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.shortPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Appointment' })).toHaveFocus());
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    const selected = `Selected: ${formatShortDay(day)} · ${formatTime('11:00')}`;
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === selected)).toBeInTheDocument();
    expect(emit).toHaveBeenCalledWith('login', { docId: 'doc01', via: 'login' });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.loggedIn);
    expect(window.localStorage.length).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await waitFor(() =>
      expect(emit).toHaveBeenCalledWith('booked', {
        docId: 'doc01',
        doctorName: 'Dr. Amara Lindqvist',
        slotDate: day.key,
        slotTime: '11:00',
        appointmentId: 'appt-7',
        message: MESSAGES.appointmentBooked,
      }),
    );
  });

  it('confirms the booking in place (doctor, date, 12-hour time, address), offers the calendar file and goes back to the picker', async () => {
    const user = userEvent.setup();
    const { api } = renderWidget();
    await screen.findByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist' });
    const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1]!;
    await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
    await user.click(screen.getByRole('radio', { name: formatTime('14:30') }));
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Appointment' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));

    const heading = await screen.findByRole('heading', { name: /Your appointment is booked/ });
    await waitFor(() => expect(heading).toHaveFocus());
    const panel = within(screen.getByRole('region', { name: /Your appointment is booked/ }));
    expect(panel.getByText('Dr. Amara Lindqvist, General Physician')).toBeInTheDocument();
    expect(panel.getByText(formatLongDay(day))).toBeInTheDocument();
    expect(panel.getByText('2:30 PM', { exact: false, selector: 'dd' })).toHaveTextContent('2:30 PM (UTC time)');
    expect(panel.getByText('14 Alder Street, Riverside')).toBeInTheDocument();
    expect(panel.getByRole('status')).toHaveTextContent(`Dr. Amara Lindqvist, ${formatLongDay(day)} at 2:30 PM.`);
    expect(screen.queryByRole('button', { name: 'Book Appointment' })).not.toBeInTheDocument();

    const createObjectURL = jest.fn(() => 'blob:calendar');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(panel.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.getText).toHaveBeenCalledWith('/api/v1/user/appointments/appt-7/calendar');

    await user.click(panel.getByRole('button', { name: 'Book another time' }));
    expect(screen.queryByRole('region', { name: /Your appointment is booked/ })).not.toBeInTheDocument();
    // Focus is back where choosing starts: the picker's day strip.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'radio'));
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeInTheDocument();
  });

  it("shows the server's refusal in the form and stays on it", async () => {
    const user = userEvent.setup();
    renderWidget();
    await screen.findByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist' });
    const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1]!;
    await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
    await user.click(screen.getByRole('radio', { name: formatTime('12:00') }));
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }));
    await user.click(screen.getByRole('button', { name: 'Sign up here' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login here' }));
    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.wrongCredentials);
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com');
  });

  it('reports an unknown doctor as ready with no name, then as an error', async () => {
    const { emit } = renderWidget('nobody');
    expect(await screen.findByText(MESSAGES.doctorNotFound)).toBeInTheDocument();
    expect(emit.mock.calls).toEqual([
      ['ready', { docId: 'nobody', doctorName: null }],
      ['error', { docId: 'nobody', message: MESSAGES.doctorNotFound }],
    ]);
  });
});
