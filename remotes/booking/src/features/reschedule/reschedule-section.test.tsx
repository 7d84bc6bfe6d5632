import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { formatShortDay, formatTime, generateSlotDays, MESSAGES, type ApiClient, type Appointment } from '@carebook/shared';
import { renderWithApp, stubApi, makeDoctor, appointmentDoctor, makeAppointment } from '@carebook/testing';
import DoctorPage from '../doctor-page/doctor-page';

const doctor = makeDoctor('doc01', { name: 'Dr. Amara Lindqvist' });
const days = () => generateSlotDays({ now: new Date(), timeZone: 'UTC' });

function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return makeAppointment({ _id: 'a1', docData: appointmentDoctor(doctor), slotDate: days()[2]?.key ?? '', slotTime: '11:00', ...overrides });
}

function renderReschedule(list: Appointment[], api: Partial<ApiClient> = {}, token: string | null = 't') {
  const get = jest.fn(async () => ({ success: true, appointments: list })) as unknown as ApiClient['get'];
  return renderWithApp(<DoctorPage />, {
    route: '/appointment/doc01?reschedule=a1',
    path: '/appointment/:docId',
    app: { doctors: [doctor], token, clinic: { timeZone: 'UTC' }, api: stubApi({ get, ...api }) },
  });
}

beforeEach(() => jest.spyOn(toast, 'success').mockImplementation(() => 'id'));
afterEach(() => jest.restoreAllMocks());

describe('rescheduling on the doctor page', () => {
  it('moves the appointment to the chosen time and returns to my appointments', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => ({ success: true, message: MESSAGES.appointmentRescheduled }));
    const { app } = renderReschedule([appointment()], { post: post as unknown as ApiClient['post'] });
    expect(await screen.findByRole('heading', { name: 'Choose a new time' })).toBeInTheDocument();
    const day = days()[1];
    if (!day) throw new Error('no tomorrow');
    await user.click(screen.getByRole('radio', { name: formatShortDay(day) }));
    await user.click(screen.getByRole('radio', { name: formatTime('16:00') }));
    await user.click(screen.getByRole('button', { name: 'Move appointment here' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/reschedule-appointment', { appointmentId: 'a1', slotDate: day.key, slotTime: '16:00' }, { idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/my-appointments'));
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.appointmentRescheduled);
    expect(app.reloadDoctors).toHaveBeenCalled();
  });

  it.each([
    ['unknown', [], MESSAGES.appointmentNotFound],
    ['cancelled', [appointment({ cancelled: true })], MESSAGES.appointmentNotMovable],
    ['completed', [appointment({ isCompleted: true })], MESSAGES.appointmentNotMovable],
    ['past', [appointment({ slotDate: '1_1_2020', slotTime: '10:00' })], MESSAGES.appointmentPast],
  ])('offers no slots for an appointment that is %s', async (_, list, message) => {
    renderReschedule(list);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Move appointment here' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my appointments' })).toHaveAttribute('href', '/my-appointments');
  });

  it("sends an appointment with another doctor to that doctor's page", async () => {
    renderReschedule([appointment({ docId: 'doc02' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This appointment is with another doctor.');
    expect(screen.getByRole('link', { name: 'Choose a new time with that doctor' })).toHaveAttribute('href', '/appointment/doc02?reschedule=a1');
  });

  it('asks a visitor to log in and come back here', () => {
    renderReschedule([], {}, null);
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in to change your appointment.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fappointment%2Fdoc01%3Freschedule%3Da1');
  });
});
