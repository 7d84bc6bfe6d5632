import { pageTitle } from './page-title';

describe('pageTitle', () => {
  it.each([
    [['Dr. Mei-Lin Hartmann', 'Dermatologist'], 'Dr. Mei-Lin Hartmann · Dermatologist · CareBook'],
    [['Page not found'], 'Page not found · CareBook'],
    [[], 'CareBook'],
    [['  About us ', '', null, undefined], 'About us · CareBook'],
  ])('%j -> %s', (parts, expected) => {
    expect(pageTitle(...parts)).toBe(expected);
  });
});
