import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@carebook/shared';
import { renderWithApp } from '../../../jest/render-with-app';
import { Navbar } from './navbar';

const nora: UserProfile = {
  _id: 'u1',
  name: 'Nora Lane',
  email: 'nora@example.com',
  phone: '',
  image: '',
  address: { line1: '', line2: '' },
  gender: '',
  dob: '',
};

describe('Navbar', () => {
  it('offers Log in and Create Account (sign-up mode), both coming back to the current page', () => {
    renderWithApp(<Navbar />, { route: '/appointment/doc01?date=23_11_2026&time=14:30' });
    const next = encodeURIComponent('/appointment/doc01?date=23_11_2026&time=14:30');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${next}`);
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      `/login?mode=signup&next=${next}`,
    );
  });

  it('keeps the way back when already on the login screen, and none from home', () => {
    const { unmount } = renderWithApp(<Navbar />, { route: '/login?next=%2Fmy-profile' });
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/login?mode=signup&next=%2Fmy-profile',
    );
    unmount();
    renderWithApp(<Navbar />, { route: '/' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('keeps Tab inside the phone menu and returns focus to its button on Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar />, { route: '/about' });
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const close = within(menu).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();

    await user.tab({ shift: true });
    expect(within(menu).getByRole('link', { name: 'Create Account' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(opener).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists the account once in the phone menu when logged in', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar />, {
      route: '/about',
      app: { token: 't', user: nora },
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByText('Signed in as Nora Lane')).toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'My Appointments' })).toHaveAttribute('href', '/my-appointments');
    expect(within(screen.getByRole('dialog')).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('closes the profile menu on Escape and puts focus back on its button', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar />, { route: '/about', app: { token: 't' } });
    const profile = screen.getByRole('button', { name: 'Profile' });
    await user.click(profile);
    await user.tab();
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument();
    expect(profile).toHaveFocus();
  });
});
