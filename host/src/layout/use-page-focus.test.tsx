import { act, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useNavigate } from '@carebook/shared/router';
import { usePageFocus } from './use-page-focus';

/** A shell: a menu button outside `<main>`, a link that moves page, and whatever page is shown. */
function Shell({ page }: { page: ReactNode }): ReactNode {
  usePageFocus('main');
  const navigate = useNavigate();
  return (
    <>
      <button type="button">Profile</button>
      <button type="button" onClick={() => navigate('/doctors')}>
        All Doctors
      </button>
      <main id="main">{page}</main>
    </>
  );
}

/** The page arrives later, as a remote's screen does. */
function renderLatePage(): { showHeading: () => Promise<void> } {
  let show: () => void = () => undefined;
  function Page(): ReactNode {
    const [ready, setReady] = useState(false);
    show = () => setReady(true);
    return ready ? <h1>All doctors</h1> : <p role="status">Loading</p>;
  }
  render(
    <MemoryRouter initialEntries={['/']}>
      <Shell page={<Page />} />
    </MemoryRouter>,
  );
  // Async act: the hook hears of the heading through a MutationObserver, whose callback is a microtask.
  return { showHeading: () => act(async () => show()) };
}

describe('usePageFocus', () => {
  it("moves focus to the new page's heading once it renders", async () => {
    const { showHeading } = renderLatePage();
    const link = screen.getByRole('button', { name: 'All Doctors' });
    link.focus();
    act(() => link.click());
    await showHeading();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'All doctors' }));
  });

  it('leaves focus where the user put it while the page was loading', async () => {
    const { showHeading } = renderLatePage();
    const link = screen.getByRole('button', { name: 'All Doctors' });
    link.focus();
    act(() => link.click());
    const profile = screen.getByRole('button', { name: 'Profile' });
    profile.focus();
    await showHeading();
    expect(document.activeElement).toBe(profile);
  });
});
