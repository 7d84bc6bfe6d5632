import { screen } from '@testing-library/react';
import { renderWithAdmin } from '../test-support';
import { RequireAdmin } from './require-admin';

describe('screens behind the admin login', () => {
  it('show for an admin', () => {
    renderWithAdmin(<RequireAdmin>secret list</RequireAdmin>, { route: '/doctors', path: '/doctors' });
    expect(screen.getByText('secret list')).toBeInTheDocument();
  });

  it('send a visitor (or an ended session) to the login screen, which returns there afterwards', () => {
    renderWithAdmin(<RequireAdmin>secret list</RequireAdmin>, { route: '/appointments?status=upcoming', path: '/appointments', session: { token: null } });
    expect(screen.queryByText('secret list')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fappointments%3Fstatus%3Dupcoming');
  });

  it('send an admin who logged out to the plain login screen', () => {
    renderWithAdmin(<RequireAdmin>secret list</RequireAdmin>, { route: '/doctors', path: '/doctors', session: { token: null, loggedOut: true } });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });
});
