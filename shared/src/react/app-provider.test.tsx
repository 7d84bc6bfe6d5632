import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from '@carebook/shared/toasts';
import { AppProvider } from './app-provider';
import { useApp } from './use-app';

type Handler = (url: string, init?: RequestInit) => { status: number; body: unknown };

function mockFetch(handler: Handler): jest.Mock {
  const fn = jest.fn(async (url: string, init?: RequestInit) => {
    const { status, body } = handler(url, init);
    return { ok: status >= 200 && status < 300, status, json: async () => body };
  });
  Object.assign(globalThis, { fetch: fn });
  return fn;
}

const doctor = { _id: 'doc01', name: 'Dr. Test', specialization: 'Dermatologist' };
const user = { _id: 'u1', name: 'Ana Patient', email: 'ana@example.com' };

function routes(overrides: Record<string, { status: number; body: unknown }> = {}): Handler {
  return (url) => {
    const path = new URL(url).pathname;
    const table: Record<string, { status: number; body: unknown }> = {
      '/api/v1/doctor/all-doctors': { status: 200, body: { success: true, doctors: [doctor] } },
      '/api/v1/clinic': { status: 200, body: { success: true, clinic: { timeZone: 'Europe/Berlin' } } },
      '/api/v1/user/get-profile': { status: 200, body: { success: true, user } },
      ...overrides,
    };
    return table[path] ?? { status: 404, body: { success: false, message: 'nope' } };
  };
}

function Probe() {
  const app = useApp();
  return (
    <div>
      <p>doctors: {app.doctorsStatus} {app.doctors.map((d) => d.name).join(',')}</p>
      <p>zone: {app.clinic?.timeZone ?? 'none'}</p>
      <p>token: {app.token ?? 'none'}</p>
      <p>user: {app.user?.name ?? 'none'}</p>
      <button onClick={() => app.setToken('new-token')}>login</button>
      <button onClick={app.logout}>logout</button>
    </div>
  );
}

function renderProvider(onSessionExpired = jest.fn()) {
  render(
    <AppProvider apiUrl="http://api.test" onSessionExpired={onSessionExpired}>
      <Probe />
    </AppProvider>,
  );
  return onSessionExpired;
}

beforeEach(() => window.localStorage.clear());

describe('AppProvider', () => {
  it('loads the doctor list and the clinic zone once at start', async () => {
    const fetchMock = mockFetch(routes());
    renderProvider();
    expect(await screen.findByText('doctors: ready Dr. Test')).toBeInTheDocument();
    expect(screen.getByText('zone: Europe/Berlin')).toBeInTheDocument();
    const doctorCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/all-doctors'));
    expect(doctorCalls).toHaveLength(1);
    expect(screen.getByText('user: none')).toBeInTheDocument();
  });

  it('reads the stored token and loads the profile with it', async () => {
    window.localStorage.setItem('token', 'stored');
    const fetchMock = mockFetch(routes());
    renderProvider();
    expect(await screen.findByText('user: Ana Patient')).toBeInTheDocument();
    const profileCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/get-profile'));
    expect((profileCall?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer stored');
  });

  it('stores the token on login and removes it on logout', async () => {
    mockFetch(routes());
    renderProvider();
    act(() => screen.getByRole('button', { name: 'login' }).click());
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(await screen.findByText('user: Ana Patient')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'logout' }).click());
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('token: none')).toBeInTheDocument();
    expect(screen.getByText('user: none')).toBeInTheDocument();
  });

  it('clears an expired token on a 401 and reports the expired session', async () => {
    window.localStorage.setItem('token', 'expired');
    mockFetch(routes({ '/api/v1/user/get-profile': { status: 401, body: { success: false, message: 'Please log in again' } } }));
    const expired = renderProvider();
    await waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('token: none')).toBeInTheDocument();
  });

  it("shows the server's message and an error state when the doctors cannot be loaded", async () => {
    const errorToast = jest.spyOn(toast, 'error').mockImplementation(() => 'id');
    mockFetch(routes({ '/api/v1/doctor/all-doctors': { status: 500, body: { success: false, message: 'Database is down' } } }));
    renderProvider();
    expect(await screen.findByText(/doctors: error/)).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('Database is down');
    errorToast.mockRestore();
  });
});
