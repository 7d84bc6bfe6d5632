import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@carebook/shared/toasts';
import { ApiError, MESSAGES } from '@carebook/shared';
import { renderWithApp, stubApi, apiCall, deferred, makeUserProfile } from '@carebook/testing';
import MyProfilePage from './my-profile-page';

jest.mock('@carebook/shared/toasts', () => ({ toast: { success: jest.fn(), error: jest.fn() } }));

const USER = makeUserProfile({
  name: 'Ana Silva',
  email: 'ana@example.com',
  address: { line1: '1 Main St', line2: 'Springfield' },
  gender: 'Female',
});

const ROUTE = { route: '/my-profile', path: '/my-profile' };

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => jest.clearAllMocks());

function formValue(body: unknown, key: string): FormDataEntryValue | null {
  return (body as FormData).get(key);
}

describe('MyProfilePage', () => {
  it('tells a visitor to log in, with a link that comes back here', () => {
    renderWithApp(<MyProfilePage />, ROUTE);
    expect(screen.getByText('Please login to view your profile.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fmy-profile');
  });

  it('shows a loading state while the profile arrives', () => {
    renderWithApp(<MyProfilePage />, { ...ROUTE, app: { token: 't', userStatus: 'loading' } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile...');
  });

  it('offers a retry when the profile could not be loaded', async () => {
    const user = userEvent.setup();
    const { app } = renderWithApp(<MyProfilePage />, { ...ROUTE, app: { token: 't', userStatus: 'error' } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(app.reloadUser).toHaveBeenCalled();
  });

  it('shows the profile in view mode', () => {
    renderWithApp(<MyProfilePage />, { ...ROUTE, app: { token: 't', user: USER, userStatus: 'ready' } });
    expect(screen.getByText('Ana Silva')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('1 Main St, Springfield')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getByText('1990-04-02')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('edits, reads Saving... while saving, sends the multipart update, then leaves edit mode', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ success: boolean }>();
    const post = apiCall(() => reply.promise);
    const { app } = renderWithApp(<MyProfilePage />, {
      ...ROUTE,
      app: { token: 't', user: USER, userStatus: 'ready', api: stubApi({ post }) },
    });

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ana Maria Silva');
    await user.clear(screen.getByLabelText('Address line 2'));
    await user.type(screen.getByLabelText('Address line 2'), 'Apt 4');
    await user.selectOptions(screen.getByLabelText('Gender'), 'Prefer not to say');
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Photo'), photo);
    expect(screen.getByRole('img', { name: 'Preview of the new photo' })).toHaveAttribute('src', 'blob:preview-1');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    const [path, body] = post.mock.calls[0] as [string, FormData];
    expect(path).toBe('/api/v1/user/update-profile');
    expect(body).toBeInstanceOf(FormData);
    expect(formValue(body, 'name')).toBe('Ana Maria Silva');
    expect(formValue(body, 'email')).toBe('ana@example.com');
    expect(formValue(body, 'gender')).toBe('Prefer not to say');
    expect(JSON.parse(String(formValue(body, 'address')))).toEqual({ line1: '1 Main St', line2: 'Apt 4' });
    expect(formValue(body, 'dob')).toBe('1990-04-02');
    expect((formValue(body, 'image') as File).name).toBe('me.png');

    reply.resolve({ success: true });
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(app.reloadUser).toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Profile updated successfully');
  });

  it('shows profile messages before any call and focuses the first wrong field', async () => {
    const user = userEvent.setup();
    const post = apiCall(() => ({ success: true }));
    renderWithApp(<MyProfilePage />, {
      ...ROUTE,
      app: { token: 't', user: USER, userStatus: 'ready', api: stubApi({ post }) },
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'A');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(MESSAGES.invalidName);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PNG, JPEG or WebP image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<MyProfilePage />, { ...ROUTE, app: { token: 't', user: USER, userStatus: 'ready' } });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const input = screen.getByLabelText('Photo');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(MESSAGES.invalidImage)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the new photo' })).not.toBeInTheDocument();
  });

  it("stays in edit mode and toasts the server's message when saving fails", async () => {
    const user = userEvent.setup();
    const post = apiCall(() => {
      throw new ApiError('The photo must be a PNG, JPEG or WebP image', 415);
    });
    const { app } = renderWithApp(<MyProfilePage />, {
      ...ROUTE,
      app: { token: 't', user: USER, userStatus: 'ready', api: stubApi({ post }) },
    });
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toBeEnabled();
    expect(toast.error).toHaveBeenCalledWith('The photo must be a PNG, JPEG or WebP image');
    expect(app.reloadUser).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ana Silva');
  });
});
