import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@carebook/shared';
import { adminReleasesReplySchema, stubApi } from '@carebook/testing';
import type { AdminReleasesReply } from '../../api/releases-api';
import { renderWithAdmin } from '../../session/render-with-admin.test-utils';
import { formatMs, formatRate, formatUntil, minuteRows } from './release-figures';
import { ORDER_LANDS_MS, ReleasesPage } from './releases-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
// The charts have their own test (release-charts.test.tsx): drawing them in jsdom for every case
// here would only make these slow.
jest.mock('./release-charts', () => ({
  ReleaseCharts: ({ remote, releases }: { remote: string; releases: Array<{ release: string }> }) => (
    <p>Charts of {remote}: {releases.map((release) => release.release).join(', ')}</p>
  ),
}));

/** A remote's section, found by its heading (cheaper than a query of all regions). */
async function remoteSection(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return heading.closest('section') as HTMLElement;
}

const minute = (at: string, views: number, errorViews: number) => ({ minute: at, views, errorViews, apiFailures: 0, lcpP75: 1800, inpP75: 120 });

/** A reply in the contract's shape (parsed with its schema, so the fixture cannot drift from the API). */
const REPLY: AdminReleasesReply = adminReleasesReplySchema.parse({
  success: true,
  window: 'hour',
  remotes: [
    {
      remote: 'doctors',
      live: 'r-live',
      reportedAt: '2026-11-28T04:00:05Z',
      canary: {
        id: 'r-canary',
        base: 'r-live',
        share: 50,
        stage: 1,
        stageCount: 2,
        stageEndsAt: '2099-01-01T04:05:00Z',
        state: 'running',
        startedAt: '2026-11-28T03:55:00Z',
        contact: 'doctors-team@example.com',
      },
      releases: [
        {
          release: 'r-live',
          role: 'live',
          views: 40,
          errorViews: 1,
          errorRate: 0.025,
          lcpP75: 1820,
          inpP75: 96,
          minutes: [minute('2026-11-28T03:58:00Z', 20, 0), minute('2026-11-28T03:59:00Z', 20, 1)],
        },
        {
          release: 'r-canary',
          role: 'canary',
          views: 38,
          errorViews: 38,
          errorRate: 1,
          lcpP75: 2400,
          inpP75: null,
          minutes: [minute('2026-11-28T03:59:00Z', 38, 38)],
        },
        { release: 'r-old', role: 'earlier', views: 0, errorViews: 0, errorRate: null, lcpP75: null, inpP75: null, minutes: [] },
      ],
    },
    { remote: 'pages', live: 'p1', reportedAt: null, canary: null, releases: [], order: { action: 'none' } },
    {
      remote: 'booking',
      live: 'b2',
      reportedAt: '2026-11-28T04:00:00Z',
      canary: { id: 'b3', base: 'b2', share: 10, stage: 1, stageCount: 1, stageEndsAt: null, state: 'holding', startedAt: '2026-11-28T03:00:00Z' },
      releases: [],
      order: { action: 'promote', canary: 'b3', by: 'staff', note: 'ordered by admin@carebook.test', orderedAt: '2026-11-28T04:00:01Z' },
      rule: {
        verdict: 'too-few-views',
        from: '2026-11-28T03:58:00Z',
        to: '2026-11-28T04:00:00Z',
        canary: { release: 'b3', views: 2, errorViews: 0, errorRate: 0 },
        live: { release: 'b2', views: 3, errorViews: 0, errorRate: 0 },
        z: null,
        summary: 'too few page views to judge (at least 30 a side)',
        sinceStart: { verdict: 'too-few-views', canary: { release: 'b3', views: 2, errorViews: 0, errorRate: 0 }, live: { release: 'b2', views: 3, errorViews: 0, errorRate: 0 }, z: null },
      },
    },
  ],
});

function setup(reply: AdminReleasesReply | Error = REPLY, post = jest.fn(async () => ({ success: true, message: 'Promotion of r-canary ordered.' }))) {
  const get = jest.fn(async (path: string) => {
    if (!path.startsWith('/api/v1/admin/releases?window=')) throw new Error(`unexpected GET ${path}`);
    if (reply instanceof Error) throw reply;
    return { ...reply, window: path.endsWith('day') ? 'day' : 'hour' };
  });
  const view = renderWithAdmin(<ReleasesPage />, { route: '/releases', path: '/releases', session: { api: stubApi({ get, post }) } });
  return { ...view, get, post };
}

describe('ReleasesPage', () => {
  afterEach(() => jest.useRealTimers());

  it('shows per remote the live release, the canary with its share and stage, and the figures as a table', async () => {
    const { get } = setup();
    const doctors = await remoteSection('doctors');
    expect(get).toHaveBeenCalledWith('/api/v1/admin/releases?window=hour');
    expect(within(doctors).getByText('r-live', { selector: 'dd' })).toBeInTheDocument();
    expect(doctors).toHaveTextContent('r-canary: 50% of patients, stage 1 of 2; this stage ends at');
    expect(doctors).toHaveTextContent('Contact: doctors-team@example.com.');
    const table = within(doctors).getByRole('table', { name: 'doctors per release over the last hour' });
    const rows = [...(table as HTMLTableElement).rows].map((row) => [...row.cells].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Release', 'Page views', 'With an error', 'Error rate', 'p75 LCP', 'p75 INP'],
      ['r-canary (canary)', '38', '38', '100.0%', '2.4 s', '–'],
      ['r-live (live)', '40', '1', '2.5%', '1.8 s', '96 ms'],
    ]);
    expect(doctors).toHaveTextContent('Charts of doctors: r-canary, r-live');
    const pages = await remoteSection('pages');
    expect(pages).toHaveTextContent('No telemetry yet for pages over the last hour.');
    expect(within(pages).queryByRole('button', { name: /Promote/ })).not.toBeInTheDocument();
    const booking = await remoteSection('booking');
    expect(booking).toHaveTextContent('b3: 10% of patients; holding until staff promote or roll it back.');
    expect(booking).toHaveTextContent('The rule saystoo few page views to judge (at least 30 a side)');
    expect(booking).toHaveTextContent("Promotion of b3 (by staff, at");
    expect(booking).toHaveTextContent("at the remote server's next check.");
  });

  it('switches to the last day', async () => {
    const user = userEvent.setup();
    const { get } = setup();
    await remoteSection('doctors');
    await user.click(screen.getByRole('radio', { name: 'Last day' }));
    expect(get).toHaveBeenLastCalledWith('/api/v1/admin/releases?window=day');
    expect(await screen.findByRole('table', { name: 'doctors per release over the last day' })).toBeInTheDocument();
  });

  it('promotes after a confirmation, with the canary id, shows the API message and looks again when it lands', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { get, post } = setup();
    const doctors = await remoteSection('doctors');
    await user.click(within(doctors).getByRole('button', { name: 'Promote r-canary' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Promote r-canary?' });
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/releases/doctors/promote', { canary: 'r-canary' });
    expect(await screen.findByText(/^Promotion of r-canary ordered/)).toHaveTextContent(
      "Promotion of r-canary ordered. doctors's server carries it out at its next check, within about 10 seconds",
    );
    const calls = get.mock.calls.length;
    await act(async () => {
      jest.advanceTimersByTime(ORDER_LANDS_MS);
    });
    expect(get.mock.calls.length).toBe(calls + 1);
  });

  it('rolls back only once confirmed, and shows why the API refused', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => {
      throw new ApiError('r-canary is no longer the running canary of doctors.', 409);
    });
    setup(REPLY, post);
    const doctors = await remoteSection('doctors');
    await user.click(within(doctors).getByRole('button', { name: 'Roll back r-canary' }));
    await user.click(screen.getByRole('button', { name: 'Keep it running' }));
    expect(post).not.toHaveBeenCalled();
    await user.click(within(doctors).getByRole('button', { name: 'Roll back r-canary' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Roll back' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/releases/doctors/rollback', { canary: 'r-canary' });
    expect(await screen.findByText('r-canary is no longer the running canary of doctors.')).toHaveAttribute('role', 'alert');
  });

  it('says when there is no telemetry at all', async () => {
    setup({ success: true, window: 'hour', remotes: [] });
    expect(await screen.findByText(/No telemetry yet/)).toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    const user = userEvent.setup();
    const { get } = setup(new ApiError('The server had a problem.', 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server had a problem.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('release figures', () => {
  it('formats rates, timings and the time left', () => {
    expect(formatRate(0.0234)).toBe('2.3%');
    expect(formatRate(null)).toBe('–');
    expect(formatMs(95.6)).toBe('96 ms');
    expect(formatMs(2449)).toBe('2.4 s');
    const now = new Date('2026-11-28T04:00:00Z');
    expect(formatUntil('2026-11-28T04:00:40Z', now)).toBe('in 40 s');
    expect(formatUntil('2026-11-28T04:10:00Z', now)).toBe('in 10 min');
    expect(formatUntil('2026-11-28T03:59:00Z', now)).toBe('now');
  });

  it('lays minutes out as one row per minute with a column per release', () => {
    const releases = REPLY.remotes[0]?.releases ?? [];
    expect(minuteRows(releases, 'views')).toEqual([
      { minute: '2026-11-28T03:58:00Z', 'r-live': 20 },
      { minute: '2026-11-28T03:59:00Z', 'r-live': 20, 'r-canary': 38 },
    ]);
    expect(minuteRows(releases, 'errorRate')).toEqual([
      { minute: '2026-11-28T03:58:00Z', 'r-live': 0 },
      { minute: '2026-11-28T03:59:00Z', 'r-live': 5, 'r-canary': 100 },
    ]);
  });
});
