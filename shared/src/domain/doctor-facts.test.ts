import { availabilityLabel, experienceLabel, feeLabel, locationLabel } from './doctor-facts';

describe('experienceLabel', () => {
  it.each([
    ['12 Years', '12 Years experience'],
    ['7', '7 years experience'],
    ['', '10+ years experience'],
    ['  ', '10+ years experience'],
    [undefined, '10+ years experience'],
  ])('%p → %p', (experience, expected) => {
    expect(experienceLabel({ experience })).toBe(expected);
  });
});

describe('locationLabel', () => {
  it.each([
    ['Northgate Clinic', 'Northgate Clinic'],
    ['', 'Downtown Clinic'],
    [undefined, 'Downtown Clinic'],
  ])('%p → %p', (location, expected) => {
    expect(locationLabel({ location })).toBe(expected);
  });
});

describe('availabilityLabel and feeLabel', () => {
  it('says whether the doctor takes appointments', () => {
    expect(availabilityLabel({ available: true })).toBe('Available');
    expect(availabilityLabel({ available: false })).toBe('Not booking now');
  });

  it('shows the fee in dollars', () => {
    expect(feeLabel({ fees: 50 })).toBe('Fee: $50');
  });
});
