import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppContextValue } from '@carebook/shared/react';
import { renderWithApp, DOCTORS } from '@carebook/testing';
import DoctorListPage from './doctor-list-page';

function renderList(route = '/doctors', app: Partial<AppContextValue> = {}) {
  return renderWithApp(<DoctorListPage />, {
    route,
    path: '/doctors/:speciality?',
    app: { doctors: DOCTORS, doctorsStatus: 'ready', ...app },
  });
}

/** The names on the cards shown, in order. */
function shownNames(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent ?? '');
}

function sidebarLink(name: string): HTMLElement {
  return within(screen.getByRole('navigation', { name: 'Specializations' })).getByRole('link', { name });
}

describe('DoctorListPage', () => {
  it('lists every doctor with All as the current specialization', () => {
    renderList();
    expect(shownNames()).toEqual(DOCTORS.map((doctor) => doctor.name));
    expect(sidebarLink('All')).toHaveAttribute('aria-current', 'page');
    expect(sidebarLink('Dermatologist')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('status')).toHaveTextContent('6 doctors');
  });

  it('offers All and the six specializations in the sidebar, each linking to its list', () => {
    renderList();
    const links = within(screen.getByRole('navigation', { name: 'Specializations' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'All',
      'General Physician',
      'Gynecologist',
      'Dermatologist',
      'Pediatrician',
      'Neurologist',
      'Gastroenterologist',
    ]);
    expect(sidebarLink('General Physician')).toHaveAttribute('href', '/doctors/General%20Physician');
    expect(sidebarLink('All')).toHaveAttribute('href', '/doctors');
  });

  it('searches by name, ignoring case and surrounding spaces', async () => {
    renderList();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search doctors' }), '  aMaRa ');
    expect(shownNames()).toEqual(['Dr. Amara Lindqvist']);
    expect(screen.getByRole('status')).toHaveTextContent('1 doctor');
  });

  it('searches by specialization', async () => {
    renderList();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search doctors' }), 'DERMAT');
    expect(shownNames()).toEqual(['Dr. Lena Fischer', 'Dr. Omar Benali']);
  });

  it('pre-filters by the specialization in the route', () => {
    renderList('/doctors/Dermatologist');
    expect(shownNames()).toEqual(['Dr. Lena Fischer', 'Dr. Omar Benali']);
    expect(sidebarLink('Dermatologist')).toHaveAttribute('aria-current', 'page');
    expect(sidebarLink('All')).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 2, name: 'Dermatologist' })).toBeInTheDocument();
  });

  it('reads a specialization with spaces or in another case from the route', () => {
    renderList('/doctors/general%20physician');
    expect(shownNames()).toEqual(['Dr. Amara Lindqvist', 'Dr. Tobias Okafor']);
    expect(sidebarLink('General Physician')).toHaveAttribute('aria-current', 'page');
  });

  it('filters when a specialization is chosen in the sidebar, and back to All', async () => {
    renderList();
    await userEvent.click(sidebarLink('Neurologist'));
    expect(shownNames()).toEqual(['Dr. Kenji Sato']);
    expect(sidebarLink('Neurologist')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(sidebarLink('All'));
    expect(shownNames()).toHaveLength(6);
  });

  it('combines search and filter, keeping the search when the filter changes', async () => {
    renderList('/doctors/Dermatologist');
    const search = screen.getByRole('searchbox', { name: 'Search doctors' });
    await userEvent.type(search, 'lena');
    expect(shownNames()).toEqual(['Dr. Lena Fischer']);
    await userEvent.click(sidebarLink('General Physician'));
    expect(search).toHaveValue('lena');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No doctors found matching your criteria')).toBeInTheDocument();
  });

  it('shows the empty state for an unknown specialization, with no sidebar entry current', () => {
    renderList('/doctors/Cardiologist');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No doctors found matching your criteria')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Specializations' }).querySelector('[aria-current]')).toBeNull();
  });

  it('resets search and filter from the empty state', async () => {
    renderList('/doctors/Dermatologist');
    const search = screen.getByRole('searchbox', { name: 'Search doctors' });
    await userEvent.type(search, 'nobody by this name');
    expect(screen.getByText('No doctors found matching your criteria')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(shownNames()).toHaveLength(6);
    expect(sidebarLink('All')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('No doctors found matching your criteria')).not.toBeInTheDocument();
  });
});
