import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { DEFAULT_SCHEDULE, MESSAGES, type Schedule } from '@carebook/shared';
import { apiCall, makeAppointment, makeDoctor, stubApi } from '@carebook/testing';
import { renderWithAdmin } from '../../session/render-with-admin.test-utils';
import { SchedulePage } from './schedule-page';

jest.setTimeout(30_000);

const doctor = makeDoctor('doc01', { name: 'Dr. Amara Lindqvist', schedule: DEFAULT_SCHEDULE });
const route = { route: '/doctors/doc01/hours', path: '/doctors/:docId/hours' };
const late = {
  ...makeAppointment({ _id: 'a1', slotDate: '25_11_2026', slotTime: '20:00' }),
  userId: 'u1',
  userData: { _id: 'u1', name: 'Lena Park', email: 'lena@example.com', phone: '', image: '' },
};

type ScheduleBody = Schedule & { docId: string; dryRun?: boolean };

function setup(conflictsOf: (body: ScheduleBody) => unknown[]) {
  const get = jest.fn(async () => ({ success: true, doctors: [doctor] }));
  const post = apiCall((path, body) => {
    if (path === '/api/v1/admin/appointment-cancel') return { success: true, message: MESSAGES.appointmentCancelled };
    const request = body as ScheduleBody;
    const { docId: _docId, dryRun, ...schedule } = request;
    return {
      success: true,
      message: dryRun ? MESSAGES.scheduleChecked : MESSAGES.scheduleSaved,
      doctor: { ...doctor, schedule },
      conflicts: conflictsOf(request),
    };
  });
  renderWithAdmin(<SchedulePage />, { ...route, session: { api: stubApi({ get, post }) } });
  return { post };
}

beforeEach(() => jest.spyOn(toast, 'success').mockImplementation(() => 'id'));
afterEach(() => jest.restoreAllMocks());

describe('the working hours screen', () => {
  it("shows each weekday's hours as labelled fields and no conflicts for the saved hours", async () => {
    setup(() => []);
    expect(await screen.findByRole('heading', { name: 'Working hours of Dr. Amara Lindqvist' })).toBeInTheDocument();
    const monday = screen.getByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('Monday hours 1 from')).toHaveValue('10:00');
    expect(within(monday).getByLabelText('Monday hours 1 until')).toHaveValue('21:00');
    expect(await screen.findByText('Every upcoming appointment is within these hours.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save hours' })).toBeDisabled();
  });

  it('names a problem as staff edit, previews the conflicts, saves, and cancels one after confirming', async () => {
    const user = userEvent.setup();
    const { post } = setup((body) => (body.weekly.wed.some((r) => r.end === '21:00') ? [] : [late]));
    const wednesday = await screen.findByRole('group', { name: 'Wednesday' });
    await user.click(within(wednesday).getByRole('button', { name: 'Add hours on Wednesday' }));
    expect(within(wednesday).getByLabelText('Wednesday hours 2 from')).toHaveFocus();
    await user.selectOptions(within(wednesday).getByLabelText('Wednesday hours 2 from'), '07:00');
    await user.selectOptions(within(wednesday).getByLabelText('Wednesday hours 2 until'), '12:00');
    expect(screen.getByRole('alert')).toHaveTextContent('Wednesday, hours 2 overlaps Wednesday, hours 1 (10:00-21:00)');
    await user.click(within(wednesday).getByRole('button', { name: 'Remove Wednesday hours 1' }));
    expect(within(wednesday).getByRole('button', { name: 'Add hours on Wednesday' })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('');

    expect(await screen.findByText(/If you save, 1 upcoming appointment will fall outside the hours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Cancel the appointment of Lena Park/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    const saved = post.mock.calls.find(([path, body]) => path === '/api/v1/admin/doctor-schedule' && !(body as ScheduleBody).dryRun);
    expect(saved?.[1]).toEqual({ docId: 'doc01', ...DEFAULT_SCHEDULE, weekly: { ...DEFAULT_SCHEDULE.weekly, wed: [{ start: '07:00', end: '12:00' }] } });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.scheduleSaved);
    expect(await screen.findByText(/1 upcoming appointment is outside these hours/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Cancel the appointment of Lena Park/ }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/appointment-cancel', { appointmentId: 'a1' });
    await waitFor(() => expect(post.mock.calls.filter(([path]) => path === '/api/v1/admin/doctor-schedule').length).toBeGreaterThan(2));
  });

  it('adds and removes time off with date fields', async () => {
    const user = userEvent.setup();
    setup(() => []);
    await user.click(await screen.findByRole('button', { name: 'Add time off' }));
    const from = screen.getByLabelText('Time off 1 from');
    expect(from).toHaveFocus();
    expect(from).toHaveAttribute('type', 'date');
    await user.click(screen.getByRole('button', { name: 'Remove time off 1' }));
    expect(screen.getByText('No time off planned.')).toBeInTheDocument();
  });
});
