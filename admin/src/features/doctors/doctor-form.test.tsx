import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGES, type Doctor } from '@carebook/shared';
import { renderWithAdmin, stubApi } from '../../test-support';
import { DoctorEditPage } from './doctor-edit-page';

const DOCTOR: Doctor = {
  _id: 'doc12',
  name: 'Dr. Elise Moreau',
  image: 'http://api.test/static/doctors/doc12.svg',
  specialization: 'Pediatrician',
  degree: 'MD, FAAP',
  experience: '7 Years',
  about: 'Children from birth to 16.',
  fees: 60,
  available: true,
  address: { line1: '4 Elm Street', line2: 'Suite 3' },
  slots_booked: {},
};

beforeAll(() => {
  // jsdom has no object URLs; the photo preview only needs a string.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

function formFields(post: jest.Mock): Record<string, FormDataEntryValue> {
  const form = post.mock.calls[0]?.[1] as FormData;
  return Object.fromEntries(form.entries());
}

describe('the doctor form', () => {
  it('adding: names every missing or wrong field with the shared messages and sends nothing', async () => {
    const api = stubApi();
    renderWithAdmin(<DoctorEditPage />, { route: '/doctors/new', path: '/doctors/new', session: { api } });
    await userEvent.type(screen.getByLabelText('Fee in dollars'), '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Add doctor' }));
    expect(screen.getByText(MESSAGES.invalidName)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.requiredSpecialization)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidFees)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.photoRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('adding: refuses a file that is not an image before sending', async () => {
    renderWithAdmin(<DoctorEditPage />, { route: '/doctors/new', path: '/doctors/new' });
    await userEvent.upload(screen.getByLabelText('Photo'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByText(MESSAGES.invalidImage)).toBeInTheDocument();
  });

  it('adding: sends one multipart form with the photo, then returns to the list', async () => {
    const post = jest.fn(async () => ({ success: true, message: MESSAGES.doctorAdded }));
    renderWithAdmin(<DoctorEditPage />, { route: '/doctors/new', path: '/doctors/new', session: { api: stubApi({ post }) } });
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'portrait.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Photo'), photo);
    expect(screen.getByRole('img', { name: 'Preview of the chosen photo' })).toHaveAttribute('src', 'blob:preview');
    await userEvent.type(screen.getByLabelText('Full name'), ' Dr. Ingrid Solberg ');
    await userEvent.selectOptions(screen.getByLabelText('Specialization'), 'Neurologist');
    await userEvent.type(screen.getByLabelText('Fee in dollars'), '95');
    await userEvent.type(screen.getByLabelText('Address line 1 (optional)'), '1 Quay Road');
    await userEvent.click(screen.getByRole('button', { name: 'Add doctor' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/add-doctor', expect.any(FormData));
    const fields = formFields(post);
    expect(fields).toMatchObject({
      name: 'Dr. Ingrid Solberg',
      specialization: 'Neurologist',
      fees: '95',
      address: JSON.stringify({ line1: '1 Quay Road', line2: '' }),
    });
    expect((fields.image as File).name).toBe('portrait.png');
    expect(await screen.findByTestId('location')).toHaveTextContent('/doctors');
  });

  it('editing: starts from the stored doctor, sends every field without asking for a new photo', async () => {
    const get = jest.fn(async () => ({ success: true, doctors: [DOCTOR] }));
    const post = jest.fn(async () => ({ success: true, message: MESSAGES.doctorUpdated }));
    renderWithAdmin(<DoctorEditPage />, {
      route: '/doctors/doc12/edit',
      path: '/doctors/:docId/edit',
      session: { api: stubApi({ get, post }) },
    });
    expect(await screen.findByRole('heading', { name: 'Edit Dr. Elise Moreau' })).toBeInTheDocument();
    expect(screen.getByLabelText('Specialization')).toHaveValue('Pediatrician');
    expect(screen.getByLabelText('Experience (optional)')).toHaveValue('7 Years');
    const fee = screen.getByLabelText('Fee in dollars');
    await userEvent.clear(fee);
    await userEvent.type(fee, '75');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/update-doctor', expect.any(FormData));
    expect(formFields(post)).toEqual({
      docId: 'doc12',
      name: 'Dr. Elise Moreau',
      specialization: 'Pediatrician',
      degree: 'MD, FAAP',
      experience: '7 Years',
      about: 'Children from birth to 16.',
      fees: '75',
      address: JSON.stringify({ line1: '4 Elm Street', line2: 'Suite 3' }),
      location: '',
    });
  });

  it("editing: keeps the admin's input and shows the server's refusal", async () => {
    const get = jest.fn(async () => ({ success: true, doctors: [DOCTOR] }));
    const post = jest.fn(async () => {
      throw new ApiError(MESSAGES.fieldTooLong, 400);
    });
    renderWithAdmin(<DoctorEditPage />, {
      route: '/doctors/doc12/edit',
      path: '/doctors/:docId/edit',
      session: { api: stubApi({ get, post }) },
    });
    const name = await screen.findByLabelText('Full name');
    await userEvent.type(name, ' Jr.');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.fieldTooLong);
    expect(name).toHaveValue('Dr. Elise Moreau Jr.');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('editing an unknown doctor says so instead of showing an empty form', async () => {
    const get = jest.fn(async () => ({ success: true, doctors: [DOCTOR] }));
    renderWithAdmin(<DoctorEditPage />, { route: '/doctors/nope/edit', path: '/doctors/:docId/edit', session: { api: stubApi({ get }) } });
    expect(await screen.findByText('There is no doctor with this address.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
