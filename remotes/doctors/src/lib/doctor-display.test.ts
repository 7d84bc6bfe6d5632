import { experienceLabel, locationLabel } from './doctor-display';

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
