import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setScreenLoader } from './load-screen';
import { UNAVAILABLE } from './offline-remote-plugin';
import { RemoteSlot } from './remote-slot';
import { refreshRemote, resetRemote } from './runtime-config';

jest.mock('./runtime-config', () => ({ resetRemote: jest.fn(), refreshRemote: jest.fn(async () => false) }));

function About() {
  return <h1>About CareBook</h1>;
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.mocked(resetRemote).mockClear();
    jest.mocked(refreshRemote).mockClear();
  });
  afterEach(() => jest.restoreAllMocks());

  it("renders the remote's screen once its code has loaded", async () => {
    const loader = jest.fn(async () => ({ default: About }));
    setScreenLoader(loader);
    render(<RemoteSlot remote="pages" module="about" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { name: 'About CareBook' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('pages/about');
  });

  it('shows a fallback with Retry when the remote is down, and recovers on Retry', async () => {
    let up = false;
    const loader = jest.fn(async () => {
      if (!up) throw new Error('Failed to fetch remoteEntry.js');
      return { default: About };
    });
    setScreenLoader(loader);
    render(<RemoteSlot remote="pages" module="about" />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This part of the site is unavailable right now');
    expect(screen.queryByRole('heading', { name: 'About CareBook' })).not.toBeInTheDocument();

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'About CareBook' })).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('pages');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it("treats the runtime plugin's stand-in module as a failed load and tries again after it", async () => {
    const chunkError = new Error('Loading chunk 916 failed');
    const responses = [{ default: About, [UNAVAILABLE]: chunkError }, { default: About }];
    const loader = jest.fn(async () => responses.shift() ?? null);
    setScreenLoader(loader);
    render(<RemoteSlot remote="pages" module="contact" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('unavailable');
    expect(resetRemote).toHaveBeenCalledWith('pages');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'About CareBook' })).toBeInTheDocument();
  });

  it('shows the fallback when a loaded screen throws while rendering', async () => {
    function Broken(): never {
      throw new Error('render failed');
    }
    setScreenLoader(async () => ({ default: Broken }));
    render(<RemoteSlot remote="doctors" module="home" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('unavailable');
  });

  it('keeps a working screen cached, so moving between routes does not reload it', async () => {
    const loader = jest.fn(async () => ({ default: About }));
    setScreenLoader(loader);
    const { unmount } = render(<RemoteSlot remote="pages" module="about" />);
    await screen.findByRole('heading', { name: 'About CareBook' });
    unmount();
    render(<RemoteSlot remote="pages" module="about" />);
    expect(screen.getByRole('heading', { name: 'About CareBook' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('moves a remote to its live release and loads again by itself when its old files are gone', async () => {
    const chunkError = new Error('Loading chunk 603 failed (/releases/old/603.js 404)');
    const responses = [{ default: About, [UNAVAILABLE]: chunkError }, { default: About }];
    const loader = jest.fn(async () => responses.shift() ?? null);
    jest.mocked(refreshRemote).mockResolvedValueOnce(true);
    setScreenLoader(loader);
    render(<RemoteSlot remote="doctors" module="doctor-list" />);
    expect(await screen.findByRole('heading', { name: 'About CareBook' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(refreshRemote).toHaveBeenCalledWith('doctors');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shows the fallback when the remote has no newer release to move to', async () => {
    const loader = jest.fn(async () => {
      throw new Error('Loading chunk 603 failed');
    });
    setScreenLoader(loader);
    render(<RemoteSlot remote="doctors" module="home" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('unavailable');
    expect(refreshRemote).toHaveBeenCalledWith('doctors');
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
