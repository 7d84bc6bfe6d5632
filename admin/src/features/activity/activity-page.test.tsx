import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@carebook/shared';
import { stubApi } from '@carebook/testing';
import type { AuditEntry, Session } from '../../api/activity-api';
import { renderWithAdmin } from '../../session/render-with-admin.test-utils';
import { ActivityPage } from './activity-page';
import { AppointmentHistoryPage } from './appointment-history-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

function entry(seq: number, action: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    seq,
    at: '2026-11-24T09:10:00.000Z',
    actor: { role: 'patient', id: 'u1', name: 'Greta Lund' },
    ip: '203.0.113.7',
    requestId: `req-${seq}`,
    action,
    target: { type: 'appointment', id: 'a1' },
    patient: { id: 'u1', name: 'Greta Lund' },
    doctor: { id: 'doc02', name: 'Dr. Tobias Okafor' },
    appointmentId: 'a1',
    changes: {},
    ...overrides,
  };
}

const CLINIC_CANCEL = entry(3, 'appointment.cancel', {
  actor: { role: 'admin', id: 'admin@carebook.local', name: null },
  changes: { cancelled: { from: false, to: true }, by: 'clinic' },
});
const MOVE = entry(2, 'appointment.reschedule', { changes: { slotTime: { from: '15:00', to: '16:00' } } });
const BOOK = entry(1, 'appointment.book', { changes: { slotDate: '24_11_2026', slotTime: '15:00' } });
const PHONE: Session = {
  id: 's2',
  current: false,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
  ip: '198.51.100.4',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-24T09:00:00.000Z',
  expiresAt: '2027-02-18T09:00:00.000Z',
};

function setup(route: string, pages: Record<string, { entries: AuditEntry[]; nextBefore: number | null }>) {
  const get = jest.fn(async (path: string) => {
    if (path.startsWith('/api/v1/admin/all-doctors')) return { success: true, doctors: [{ _id: 'doc02', name: 'Dr. Tobias Okafor' }] };
    if (path.startsWith('/api/v1/admin/patient-sessions')) return { success: true, sessions: [PHONE] };
    if (path.startsWith('/api/v1/admin/sessions')) return { success: true, sessions: [{ ...PHONE, id: 'mine', current: true }] };
    const page = Object.entries(pages).find(([query]) => path === `/api/v1/admin/audit?${query}`)?.[1];
    if (!page) throw new Error(`unexpected GET ${path}`);
    return { success: true, ...page };
  });
  const post = jest.fn(async () => ({ success: true, message: MESSAGES.patientSessionsEnded, ended: 1 }));
  const view = renderWithAdmin(
    route.includes('/history') ? <AppointmentHistoryPage /> : <ActivityPage />,
    { route, path: route.includes('/history') ? '/appointments/:appointmentId/history' : '/activity', session: { api: stubApi({ get, post }) } },
  );
  return { ...view, get, post };
}

describe('the activity screen', () => {
  it('says who did what, when, with the changed fields, and pages back to older entries', async () => {
    const user = userEvent.setup();
    setup('/activity', { 'limit=50': { entries: [CLINIC_CANCEL, MOVE], nextBefore: 2 }, 'limit=50&before=2': { entries: [BOOK], nextBefore: null } });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const items = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(items[0]).toHaveTextContent('Clinic staff (admin@carebook.local) cancelled the appointment');
    expect(items[0]).toHaveTextContent('cancelled: false → true');
    expect(items[0]).toHaveTextContent('by: clinic');
    expect(items[1]).toHaveTextContent('Greta Lund moved the appointment');
    expect(items[1]).toHaveTextContent('slotTime: 15:00 → 16:00');
    expect(within(items[1] as HTMLElement).getByText(/request req-2/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older activity' }));
    expect(await within(list).findByText(/request req-1/)).toBeInTheDocument();
    expect(list).toHaveTextContent('Greta Lund booked the appointment');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).not.toBeInTheDocument();
  });

  it("filters by a patient from an entry, shows that patient's sessions and ends one", async () => {
    const user = userEvent.setup();
    const { get, post } = setup('/activity?action=appointment.reschedule', {
      'action=appointment.reschedule&limit=50': { entries: [MOVE], nextBefore: null },
      'patientId=u1&action=appointment.reschedule&limit=50': { entries: [MOVE], nextBefore: null },
    });
    expect(await screen.findByLabelText('Action')).toHaveValue('appointment.reschedule');
    await user.click(await screen.findByRole('button', { name: 'Greta Lund' }));
    expect(screen.getByLabelText('Patient id')).toHaveValue('u1');
    expect(get).toHaveBeenCalledWith('/api/v1/admin/audit?patientId=u1&action=appointment.reschedule&limit=50');
    const panel = await screen.findByRole('region', { name: "This patient's sessions" });
    expect(await within(panel).findByText('Safari on iPhone')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /^End session/ }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/revoke-patient-sessions', { userId: 'u1', sessionId: 's2' });
    await user.click(within(panel).getByRole('button', { name: 'End all sessions' }));
    expect(post).toHaveBeenLastCalledWith('/api/v1/admin/revoke-patient-sessions', { userId: 'u1' });
    const own = screen.getByRole('region', { name: 'Your sessions' });
    expect(within(own).getByText(/this browser/)).toBeInTheDocument();
  });

  it("shows one appointment's history, newest first", async () => {
    setup('/appointments/a1/history', { 'appointmentId=a1&limit=50': { entries: [CLINIC_CANCEL, MOVE, BOOK], nextBefore: null } });
    const list = await screen.findByRole('list', { name: 'History, newest first' });
    expect(within(list).getByText(/Clinic staff \(admin@carebook.local\)/)).toBeInTheDocument();
    expect(screen.getByText('Patient: Greta Lund · Doctor: Dr. Tobias Okafor')).toBeInTheDocument();
  });
});
