import { screen, within } from '@testing-library/react';
import { renderWithApp, makeDoctor } from '@carebook/testing';
import { RelatedDoctors } from './related-doctors';

describe('RelatedDoctors', () => {
  it('shows at most 5 doctors of the same specialization, never the current one', () => {
    const current = makeDoctor('doc01');
    const others = Array.from({ length: 7 }, (_, i) => makeDoctor(`gp${i + 1}`));
    const dermatologist = makeDoctor('derm1', { specialization: 'Dermatologist' });
    renderWithApp(<RelatedDoctors doctor={current} doctors={[current, dermatologist, ...others]} />);

    const list = screen.getByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(5);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/appointment/gp1',
      '/appointment/gp2',
      '/appointment/gp3',
      '/appointment/gp4',
      '/appointment/gp5',
    ]);
    expect(screen.queryByText('Dr. doc01')).not.toBeInTheDocument();
    expect(screen.queryByText('Dr. derm1')).not.toBeInTheDocument();
  });

  it('shows each fee, falling back to fees and then to 50 dollars', () => {
    const current = makeDoctor('doc01');
    const noFee = { ...makeDoctor('gp2'), fee: undefined, fees: undefined } as unknown as ReturnType<typeof makeDoctor>;
    renderWithApp(
      <RelatedDoctors doctor={current} doctors={[current, makeDoctor('gp1', { fee: 75 }), noFee, makeDoctor('gp3', { fee: undefined, fees: 40 })]} />,
    );
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Fee: $75');
    expect(links[1]).toHaveTextContent('Fee: $50');
    expect(links[2]).toHaveTextContent('Fee: $40');
  });

  it('says so when there are no related doctors', () => {
    const current = makeDoctor('doc15', { specialization: 'Gastroenterologist' });
    renderWithApp(<RelatedDoctors doctor={current} doctors={[current, makeDoctor('doc01')]} />);
    expect(screen.getByText('No related doctors found')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
