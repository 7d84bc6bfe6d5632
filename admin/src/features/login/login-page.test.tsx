import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGES } from '@carebook/shared';
import { renderWithAdmin, stubApi } from '../../test-support';
import { LoginPage } from './login-page';

describe('the admin login form', () => {
  it('checks the fields with the site rules before any call, and focuses the first wrong one', async () => {
    const api = stubApi();
    renderWithAdmin(<LoginPage />, { route: '/login', path: '/login', session: { api, token: null } });
    await userEvent.type(screen.getByLabelText('Password'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.shortPassword)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText(MESSAGES.invalidEmail)).not.toBeInTheDocument();
  });

  it('logs in with the admin call, keeps the token and goes where it was asked to', async () => {
    const post = jest.fn(async () => ({ success: true, token: 'signed-admin-token' }));
    const { session } = renderWithAdmin(<LoginPage />, {
      route: '/login?next=%2Fappointments',
      path: '/login',
      session: { api: stubApi({ post }), token: null },
    });
    await userEvent.type(screen.getByLabelText('Email'), '  staff@clinic.example ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/login', { email: 'staff@clinic.example', password: 'correct-horse' });
    expect(session.signIn).toHaveBeenCalledWith('signed-admin-token');
    expect(await screen.findByTestId('location')).toHaveTextContent('/appointments');
  });

  it("shows the server's refusal and lets the admin try again", async () => {
    const post = jest.fn(async () => {
      throw new ApiError(MESSAGES.wrongCredentials, 401);
    });
    const { session } = renderWithAdmin(<LoginPage />, { route: '/login', path: '/login', session: { api: stubApi({ post }), token: null } });
    await userEvent.type(screen.getByLabelText('Email'), 'staff@clinic.example');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.wrongCredentials);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('says why when the API ended the session', () => {
    renderWithAdmin(<LoginPage />, { route: '/login', path: '/login', session: { token: null, sessionEnded: true } });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.adminOnly);
  });
});
