import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, MESSAGES } from '@carebook/shared';
import { renderWithApp, stubApi } from '@carebook/testing';
import ResetPasswordPage, { tokenFromHash } from './reset-password-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn(), dismiss: jest.fn() } }));

const TOKEN = 'a'.repeat(43);
const PATH = '/reset-password';

beforeEach(() => jest.clearAllMocks());

describe('ResetPasswordPage', () => {
  it('reads the token from the link fragment only', () => {
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
  });

  it('asks for a link by email and shows the answer that never says whether the account exists', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => ({ success: true, message: MESSAGES.resetLinkSent }));
    renderWithApp(<ResetPasswordPage />, { route: PATH, path: PATH, app: { api: stubApi({ post }) } });
    expect(screen.getByRole('heading', { name: 'Forgot password?' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.invalidEmail);
    expect(post).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), ' ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.resetLinkSent);
    expect(post).toHaveBeenCalledWith('/api/v1/user/forgot-password', { email: 'ana@example.com' });
    expect(screen.getByRole('button', { name: 'Send another link' })).toBeEnabled();
  });

  it('sets the new password with the link, logs in and opens My Appointments', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => ({ success: true, token: 'new-session', message: MESSAGES.passwordResetDone }));
    const { app } = renderWithApp(<ResetPasswordPage />, { route: `${PATH}#token=${TOKEN}`, path: PATH, app: { api: stubApi({ post }) } });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-secrex');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(MESSAGES.passwordsDiffer);
    expect(post).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/my-appointments');
    expect(post).toHaveBeenCalledWith('/api/v1/user/reset-password', { token: TOKEN, password: 'new-secret' });
    expect(app.setToken).toHaveBeenCalledWith('new-session');
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.passwordResetDone);
  });

  it('says when the link has expired, and offers a new one', async () => {
    const user = userEvent.setup();
    const post = jest.fn(async () => {
      throw new ApiError(MESSAGES.resetLinkExpired, 400);
    });
    const { app } = renderWithApp(<ResetPasswordPage />, { route: `${PATH}#token=${TOKEN}`, path: PATH, app: { api: stubApi({ post }) } });
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Repeat the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetLinkExpired);
    expect(app.setToken).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', PATH);
  });
});
