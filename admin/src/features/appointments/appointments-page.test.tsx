import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@carebook/shared';
import type { AdminAppointment } from '../../api/admin-api';
import { stubApi } from '@carebook/testing';
import { renderWithAdmin } from '../../session/render-with-admin.test-utils';
import { AppointmentsPage } from './appointments-page';

const UPCOMING: AdminAppointment = {
  _id: 'a1',
  docId: 'doc02',
  slotDate: '26_11_2026',
  slotTime: '11:00',
  docData: { _id: 'doc02', name: 'Dr. Tobias Okafor', image: '', specialization: 'General Physician', address: { line1: '', line2: '' }, fees: 40 },
  amount: 40,
  date: 0,
  cancelled: false,
  payment: false,
  isCompleted: false,
  missed: false,
  patientMissed: 0,
  userId: 'u1',
  userData: { _id: 'u1', name: 'Greta Lund', email: 'greta@example.com', phone: '', image: '' },
};

function setup(appointments: AdminAppointment[] = [UPCOMING], route = '/appointments') {
  const get = jest.fn(async (path: string) =>
    path.startsWith('/api/v1/admin/all-doctors')
      ? { success: true, doctors: [{ _id: 'doc02', name: 'Dr. Tobias Okafor' }] }
      : { success: true, appointments },
  );
  const post = jest.fn(async () => ({ success: true, message: MESSAGES.appointmentCancelled }));
  const view = renderWithAdmin(<AppointmentsPage />, { route, path: '/appointments', session: { api: stubApi({ get, post }) } });
  return { ...view, get, post };
}

describe('the appointments screen', () => {
  it('sends the filters to the API and keeps them in the address', async () => {
    const { get } = setup([], '/appointments?status=completed');
    expect(await screen.findByText('No appointments match these filters.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/v1/admin/appointments?status=completed');
    expect(screen.getByLabelText('Status')).toHaveValue('completed');

    await screen.findByRole('option', { name: 'Dr. Tobias Okafor' });
    await userEvent.selectOptions(screen.getByLabelText('Doctor'), 'doc02');
    expect(get).toHaveBeenLastCalledWith('/api/v1/admin/appointments?docId=doc02&status=completed');
    await userEvent.type(screen.getByLabelText('Day'), '2026-11-26');
    expect(get).toHaveBeenLastCalledWith('/api/v1/admin/appointments?docId=doc02&from=2026-11-26&to=2026-11-26&status=completed');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(get).toHaveBeenLastCalledWith('/api/v1/admin/appointments');
    expect(await screen.findByText('No appointments have been booked yet.')).toBeInTheDocument();
  });

  it('cancels only after the confirmation, and "Keep it" changes nothing', async () => {
    const { post } = setup();
    const card = (await screen.findByText(/Patient: Greta Lund/)).closest('li') as HTMLElement;
    expect(screen.getByRole('status')).toHaveTextContent('1 appointment');
    const cancel = within(card).getByRole('button', { name: /^Cancel appointment/ });

    await userEvent.click(cancel);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel this appointment?' });
    expect(dialog).toHaveTextContent('Greta Lund with Dr. Tobias Okafor on Thu 26 Nov 2026, 11:00 AM');
    expect(within(dialog).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await userEvent.click(cancel);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel appointment' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/appointment-cancel', { appointmentId: 'a1' });
  });

  it('offers only the actions that still make sense', async () => {
    setup([
      { ...UPCOMING, _id: 'done', isCompleted: true, payment: true, userData: { ...UPCOMING.userData, name: 'Done Patient' } },
      { ...UPCOMING, _id: 'gone', cancelled: true, userData: { ...UPCOMING.userData, name: 'Gone Patient' } },
    ]);
    const done = (await screen.findByText(/Patient: Done Patient/)).closest('li') as HTMLElement;
    const gone = screen.getByText(/Patient: Gone Patient/).closest('li') as HTMLElement;
    expect(within(done).queryAllByRole('button')).toHaveLength(0);
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(within(gone).queryAllByRole('button')).toHaveLength(0);
    expect(within(gone).getByText('Cancelled')).toBeInTheDocument();
  });

  it('says which patient was told about a visit outside new hours, and lets staff keep it while it is held', async () => {
    const toldAt = Date.UTC(2026, 10, 24, 9, 10);
    const { post } = setup([
      { ...UPCOMING, _id: 'held', stranded: { toldAt, held: true, answer: null } },
      { ...UPCOMING, _id: 'kept', stranded: { toldAt, held: false, answer: 'kept-by-patient' }, userData: { ...UPCOMING.userData, name: 'Kept Patient' } },
    ]);
    const held = (await screen.findByText(/Patient: Greta Lund/)).closest('li') as HTMLElement;
    const kept = screen.getByText(/Patient: Kept Patient/).closest('li') as HTMLElement;
    expect(within(held).getByText(/Outside the doctor's new hours: Greta Lund was emailed Nov 24, 2026/)).toHaveTextContent(
      'Reminder held until the patient or staff decide.',
    );
    expect(within(kept).getByText(/Kept Patient was emailed/)).toHaveTextContent('the patient kept this time.');
    expect(within(kept).queryByRole('button', { name: /^Keep at this time/ })).not.toBeInTheDocument();
    await userEvent.click(within(held).getByRole('button', { name: /^Keep at this time/ }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/appointment-keep', { appointmentId: 'held' });
  });
});
