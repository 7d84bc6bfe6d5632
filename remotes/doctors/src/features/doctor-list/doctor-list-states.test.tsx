import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppContextValue } from '@carebook/shared/react';
import { renderWithApp, DOCTORS } from '@carebook/testing';
import DoctorListPage from './doctor-list-page';

function renderList(app: Partial<AppContextValue>) {
  return renderWithApp(<DoctorListPage />, { route: '/doctors', path: '/doctors/:speciality?', app });
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('DoctorListPage cards', () => {
  beforeEach(() => renderList({ doctors: DOCTORS, doctorsStatus: 'ready' }));

  it('shows photo, name, specialization, badge, rating, experience and location', () => {
    const amara = within(card('Dr. Amara Lindqvist'));
    expect(amara.getByRole('img', { name: 'Photo of Dr. Amara Lindqvist' })).toHaveAttribute(
      'src',
      'http://api.test/static/doctors/d1.svg',
    );
    expect(amara.getByText('General Physician')).toBeInTheDocument();
    expect(amara.getByText('Available')).toBeInTheDocument();
    expect(amara.getByText('4.5', { exact: false })).toHaveTextContent('Rated 4.5 out of 5 (2 reviews)');
    expect(within(card('Dr. Tobias Okafor')).getByText('No reviews yet')).toBeInTheDocument();
    expect(amara.getByText('12 Years experience')).toBeInTheDocument();
    expect(amara.getByText('Riverside Health Centre')).toBeInTheDocument();
  });

  it('falls back to 10+ years experience and Downtown Clinic', () => {
    expect(within(card('Dr. Sofia Castellano')).getByText('10+ years experience')).toBeInTheDocument();
    expect(within(card('Dr. Omar Benali')).getByText('10+ years experience')).toBeInTheDocument();
    expect(within(card('Dr. Lena Fischer')).getByText('Downtown Clinic')).toBeInTheDocument();
  });

  it('says calmly when a doctor is not booking, and offers the profile instead of a Book button', () => {
    const omar = within(card('Dr. Omar Benali'));
    expect(omar.queryByText('Available')).not.toBeInTheDocument();
    expect(omar.getByText('Not booking now')).toBeInTheDocument();
    expect(omar.queryByRole('link', { name: /^Book Appointment/ })).not.toBeInTheDocument();
    expect(omar.getByRole('link', { name: 'View profile of Dr. Omar Benali' })).toHaveAttribute('href', '/appointment/d5');
  });

  it('sizes every photo and loads only the first row eagerly', () => {
    const photos = screen.getAllByRole('img');
    expect(photos).toHaveLength(6);
    for (const photo of photos) {
      expect(photo).toHaveAttribute('width', '200');
      expect(photo).toHaveAttribute('height', '240');
    }
    expect(photos.map((photo) => photo.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
  });

  it('opens the doctor page from Book Appointment', async () => {
    const book = screen.getByRole('link', { name: 'Book Appointment with Dr. Tobias Okafor' });
    expect(book).toHaveAttribute('href', '/appointment/d2');
    await userEvent.click(book);
    expect(screen.getByTestId('location')).toHaveTextContent('/appointment/d2');
  });
});

describe('DoctorListPage while loading or after a failure', () => {
  it('holds the layout with skeleton cards while the list loads', () => {
    renderList({ doctors: [], doctorsStatus: 'loading' });
    expect(screen.getByRole('list', { busy: true })).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.queryByText('No doctors found matching your criteria')).not.toBeInTheDocument();
  });

  it('offers to try again when the list failed to load', async () => {
    const { app } = renderList({ doctors: [], doctorsStatus: 'error' });
    expect(screen.getByText('Could not load the doctors.')).toBeInTheDocument();
    expect(screen.queryByText('No doctors found matching your criteria')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(app.reloadDoctors).toHaveBeenCalledTimes(1);
  });
});
