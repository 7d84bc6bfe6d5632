import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SPECIALIZATIONS } from '@carebook/shared';
import type { AppContextValue } from '@carebook/shared/react';
import { renderWithApp, makeDoctor } from '@carebook/testing';
import HomePage from './home-page';

const TWELVE = Array.from({ length: 12 }, (_, index) =>
  makeDoctor(`d${index + 1}`, { name: `Dr. Number ${index + 1}`, specialization: SPECIALIZATIONS[index % SPECIALIZATIONS.length]! }),
);

function renderHome(app: Partial<AppContextValue> = {}) {
  return renderWithApp(<HomePage />, { route: '/', path: '/', app: { doctors: TWELVE, doctorsStatus: 'ready', ...app } });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('HomePage', () => {
  it('has a hero whose Book appointment button opens the doctor list', async () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Book an appointment with trusted doctors');
    await userEvent.click(screen.getByRole('link', { name: 'Book appointment' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/doctors$/);
  });

  it('links each of the six specializations to its filtered list', async () => {
    renderHome();
    const grid = within(section('Find by speciality'));
    expect(grid.getAllByRole('link')).toHaveLength(6);
    for (const name of SPECIALIZATIONS) {
      expect(grid.getByRole('link', { name })).toHaveAttribute('href', `/doctors/${encodeURIComponent(name)}`);
    }
    await userEvent.click(within(section('Find by speciality')).getByRole('link', { name: 'Dermatologist' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/doctors/Dermatologist');
  });

  it('shows the first 10 doctors, each named by a link to its page', () => {
    renderHome();
    const top = section('Top Doctors');
    const doctorLinks = within(top).getAllByRole('heading', { level: 3 }).map((name) => within(name).getByRole('link'));
    expect(doctorLinks.map((link) => link.textContent)).toEqual(TWELVE.slice(0, 10).map((doctor) => doctor.name));
    expect(doctorLinks.map((link) => link.getAttribute('href'))).toEqual(
      TWELVE.slice(0, 10).map((doctor) => `/appointment/${doctor._id}`),
    );
    expect(within(top).queryByText('Dr. Number 11')).not.toBeInTheDocument();
  });

  it('opens a doctor page from Top Doctors', async () => {
    renderHome();
    await userEvent.click(within(section('Top Doctors')).getByRole('link', { name: 'Dr. Number 3' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/appointment/d3');
  });

  it('has a See All button to the doctor list', async () => {
    renderHome();
    await userEvent.click(within(section('Top Doctors')).getByRole('link', { name: 'See All' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/doctors$/);
  });

  it('holds the Top Doctors space while the list loads', () => {
    renderHome({ doctors: [], doctorsStatus: 'loading' });
    const list = within(section('Top Doctors')).getByRole('list', { busy: true });
    expect(list.children).toHaveLength(10);
    expect(within(section('Top Doctors')).getAllByRole('link')).toHaveLength(1);
  });

  it('offers to try again when the list failed to load', async () => {
    const { app } = renderHome({ doctors: [], doctorsStatus: 'error' });
    await userEvent.click(within(section('Top Doctors')).getByRole('button', { name: 'Try again' }));
    expect(app.reloadDoctors).toHaveBeenCalledTimes(1);
  });
});
