import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, MESSAGES, type ApiClient, type Session } from '@carebook/shared';
import { apiCall, renderWithApp, stubApi } from '@carebook/testing';
import { AccountSecurity } from './account-security';

// Typing into three fields takes a few seconds on a loaded machine.
jest.setTimeout(20_000);

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const ROUTE = { route: '/my-profile', path: '/my-profile' };

function session(id: string, userAgent: string, current = false): Session {
  return {
    id,
    current,
    userAgent,
    ip: '203.0.113.7',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: '2026-11-24T09:00:00.000Z',
    expiresAt: '2027-02-18T09:00:00.000Z',
  };
}

const THIS = session('s1', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0', true);
const PHONE = session('s2', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1');
const LAPTOP = session('s3', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36');

beforeEach(() => jest.clearAllMocks());

/** The API as far as this screen uses it; `sessions` is what the list call returns, now. */
function api(initial: Session[], post: jest.Mock) {
  let sessions = initial;
  const get = apiCall<ApiClient['get']>(() => ({ success: true, sessions }));
  return { client: stubApi({ get, post }), get, setSessions: (next: Session[]) => (sessions = next) };
}

describe('AccountSecurity', () => {
  it('lists the devices, marks this one, and logs another one out', async () => {
    const user = userEvent.setup();
    const post = apiCall(() => {
      server.setSessions([THIS, LAPTOP]);
      return { success: true, message: MESSAGES.sessionEnded };
    });
    const server = api([THIS, PHONE, LAPTOP], post);
    renderWithApp(<AccountSecurity />, { ...ROUTE, app: { token: 't', api: server.client } });

    const list = await screen.findByRole('list', { name: 'Logged-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/ on /).textContent)).toEqual([
      'Firefox on LinuxThis device',
      'Safari on iPhone',
      'Chrome on Windows',
    ]);
    expect(within(items[0] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('203.0.113.7');

    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: /^Log out Safari on iPhone/ }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/revoke-session', { sessionId: 's2' });
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.sessionEnded);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });

  it('logs out of all other devices', async () => {
    const user = userEvent.setup();
    const post = apiCall(() => {
      server.setSessions([THIS]);
      return { success: true, message: MESSAGES.otherSessionsEnded, ended: 2 };
    });
    const server = api([THIS, PHONE, LAPTOP], post);
    renderWithApp(<AccountSecurity />, { ...ROUTE, app: { token: 't', api: server.client } });
    await user.click(await screen.findByRole('button', { name: 'Log out of all other devices' }));
    expect(post).toHaveBeenCalledWith('/api/v1/user/revoke-other-sessions', {});
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.otherSessionsEnded);
    expect(await screen.findByText('You are not logged in on any other device.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out of all other devices' })).not.toBeInTheDocument();
  });

  it('checks the new password before any call, shows a wrong current password at its field, and reloads the list after a change', async () => {
    const user = userEvent.setup();
    const post = apiCall((_path, body) => {
      if ((body as { currentPassword: string }).currentPassword !== 'secret1') throw new ApiError(MESSAGES.wrongCurrentPassword, 400);
      server.setSessions([THIS]);
      return { success: true, message: MESSAGES.passwordChanged, ended: 2 };
    });
    const server = api([THIS, PHONE, LAPTOP], post);
    renderWithApp(<AccountSecurity />, { ...ROUTE, app: { token: 't', api: server.client } });
    await screen.findByRole('list', { name: 'Logged-in devices' });

    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('New password again'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText(MESSAGES.shortPassword)).toBeInTheDocument();
    expect(screen.getByText('The two new passwords do not match')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'better-secret');
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'better-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(post).toHaveBeenLastCalledWith('/api/v1/user/change-password', { currentPassword: 'secret1', newPassword: 'better-secret' });
    expect(await screen.findByText('You are not logged in on any other device.')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.passwordChanged);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
