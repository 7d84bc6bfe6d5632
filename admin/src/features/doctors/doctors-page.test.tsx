import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, MESSAGES } from '@carebook/shared';
import { renderWithAdmin, stubApi } from '../../test-support';
import { DoctorsPage } from './doctors-page';

const DOCTORS = [
  { _id: 'doc01', name: 'Dr. Amara Lindqvist', specialization: 'General Physician', fees: 60, available: true, image: '' },
  { _id: 'doc09', name: 'Dr. Rashid Benali', specialization: 'Dermatologist', fees: 90, available: false, image: '' },
];

describe('the doctors screen', () => {
  it('lists the doctors with their availability as switches, and links to add and edit', async () => {
    const get = jest.fn(async () => ({ success: true, doctors: DOCTORS }));
    renderWithAdmin(<DoctorsPage />, { session: { api: stubApi({ get }) } });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('switch', { name: 'Taking appointments' })).toBeChecked();
    expect(within(rows[1] as HTMLElement).getByRole('switch', { name: 'Taking appointments' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Edit Dr. Rashid Benali' })).toHaveAttribute('href', '/doctors/doc09/edit');
    expect(screen.getByRole('link', { name: 'Add doctor' })).toHaveAttribute('href', '/doctors/new');
  });

  it('switches availability through the API and shows the new state', async () => {
    const get = jest.fn(async () => ({ success: true, doctors: DOCTORS }));
    const post = jest.fn(async () => ({ success: true, message: MESSAGES.availabilityChanged, available: false }));
    renderWithAdmin(<DoctorsPage />, { session: { api: stubApi({ get, post }) } });
    const row = (await screen.findByRole('heading', { name: 'Dr. Amara Lindqvist' })).closest('li') as HTMLElement;
    await userEvent.click(within(row).getByRole('switch'));
    expect(post).toHaveBeenCalledWith('/api/v1/admin/change-availability', { docId: 'doc01' });
    expect(within(row).getByRole('switch')).not.toBeChecked();
    expect(within(row).getByText(/Not taking appointments/)).toBeInTheDocument();
  });

  it('shows a failed load with a way to try again', async () => {
    const get = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(MESSAGES.networkError, 0))
      .mockResolvedValueOnce({ success: true, doctors: [] });
    renderWithAdmin(<DoctorsPage />, { session: { api: stubApi({ get }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No doctors yet. Add the first one.')).toBeInTheDocument();
  });
});
