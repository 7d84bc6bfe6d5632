import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, MESSAGES } from '@carebook/shared';
import { renderWithApp, stubApi, apiCall, deferred } from '@carebook/testing';
import LoginPage from './login-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn(), dismiss: jest.fn() } }));

const ROUTE = { route: '/login?next=/appointment/doc01', path: '/login' };

beforeEach(() => jest.clearAllMocks());

describe('LoginPage', () => {
  it('shows the login messages next to the fields before any call and focuses the first', async () => {
    const user = userEvent.setup();
    const post = jest.fn();
    renderWithApp(<LoginPage />, { ...ROUTE, app: { api: stubApi({ post }) } });

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.shortPassword);
    expect(email).toHaveFocus();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('focuses the password when only the password is wrong', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPage />, ROUTE);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the sign-up name message and focuses Full Name', async () => {
    const user = userEvent.setup();
    const post = jest.fn();
    renderWithApp(<LoginPage />, { ...ROUTE, app: { api: stubApi({ post }) } });
    await user.click(screen.getByRole('button', { name: 'Sign up here' }));

    await user.type(screen.getByLabelText('Full Name'), ' A ');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const name = screen.getByLabelText('Full Name');
    expect(name).toHaveAccessibleDescription(MESSAGES.invalidName);
    expect(screen.getByText('Please enter a valid name')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('clears the fields and errors when switching modes', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPage />, ROUTE);
    await user.type(screen.getByLabelText('Email'), 'ana@example');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up here' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByText(MESSAGES.invalidEmail)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Login here' }));
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('goes straight on to ?next when the patient is already logged in', async () => {
    renderWithApp(<LoginPage />, { ...ROUTE, app: { token: 'still-valid' } });
    expect(await screen.findByTestId('location')).toHaveTextContent('/appointment/doc01');
  });

  it('says so when the session expired', () => {
    renderWithApp(<LoginPage />, { route: '/login?reason=expired&next=/my-appointments', path: '/login' });
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.sessionExpired);
  });

  it('opens in sign-up mode from ?mode=signup and keeps the mode in the address when toggled', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginPage />, { route: '/login?mode=signup&next=/about', path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(document.title).toBe('Create account · CareBook');

    await user.click(screen.getByRole('button', { name: 'Login here' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(document.title).toBe('Log in · CareBook');
  });

  it('reads Processing... while logging in, stores the token and returns to ?next', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ success: boolean; token: string }>();
    const post = apiCall(() => reply.promise);
    const setToken = jest.fn();
    renderWithApp(<LoginPage />, { ...ROUTE, app: { api: stubApi({ post }), setToken } });

    await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(post).toHaveBeenCalledWith('/api/v1/user/login', { email: 'ana@example.com', password: 'secret1' });

    reply.resolve({ success: true, token: 't' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/appointment/doc01');
    expect(setToken).toHaveBeenCalledWith('t');
    // The stale "Please login to book" warning goes before the success toast appears.
    expect(toast.dismiss).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Logged in successfully');
  });

  it('registers, toasts Registered successfully and goes home without ?next', async () => {
    const user = userEvent.setup();
    const post = apiCall(() => ({ success: true, token: 'new-token' }));
    const setToken = jest.fn();
    renderWithApp(<LoginPage />, { route: '/login', path: '/login', app: { api: stubApi({ post }), setToken } });

    await user.click(screen.getByRole('button', { name: 'Sign up here' }));
    await user.type(screen.getByLabelText('Full Name'), '  Ana Silva ');
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(post).toHaveBeenCalledWith('/api/v1/user/register', {
      name: 'Ana Silva',
      email: 'ana@example.com',
      password: 'secret1',
    });
    expect(setToken).toHaveBeenCalledWith('new-token');
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.registered);
  });

  it("shows the server's message when login fails and allows another try", async () => {
    const user = userEvent.setup();
    const post = apiCall(() => {
      throw new ApiError('Invalid email or password', 401);
    });
    const setToken = jest.fn();
    renderWithApp(<LoginPage />, { ...ROUTE, app: { api: stubApi({ post }), setToken } });

    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(toast.error).toHaveBeenCalledWith('Invalid email or password');
    expect(setToken).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('falls back to An unexpected error occurred when the error has no message', async () => {
    const user = userEvent.setup();
    const post = apiCall(() => {
      throw new Error('');
    });
    renderWithApp(<LoginPage />, { ...ROUTE, app: { api: stubApi({ post }) } });
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred'));
    expect(toast.error).toHaveBeenCalledWith('An unexpected error occurred');
  });
});
