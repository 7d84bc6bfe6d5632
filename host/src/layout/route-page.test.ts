import { SCREENS } from '@carebook/shared';
import { routePage } from './route-page';

describe('routePage', () => {
  it.each([
    ['/', 'Book a doctor online · CareBook'],
    ['/doctors', 'All doctors · CareBook'],
    ['/doctors/Dermatologist', 'Dermatologists · Doctors · CareBook'],
    ['/doctors/General%20Physician', 'General Physicians · Doctors · CareBook'],
    ['/doctors/Astrologer', 'Doctors · CareBook'],
    ['/appointment/doc08', 'Doctor · CareBook'],
    ['/login', 'Log in · CareBook'],
    ['/my-appointments/', 'My appointments · CareBook'],
    ['/reset-password', 'Forgot password · CareBook'],
    ['/about', 'About us · CareBook'],
    ['/contact', 'Contact us · CareBook'],
    ['/my-profile', 'My profile · CareBook'],
    ['/no/such/page', 'Page not found · CareBook'],
  ])('%s is titled %s', (path, title) => {
    expect(routePage(path).title).toBe(title);
  });

  it('treats a specialization filter as the same page, and each doctor as a page of its own', () => {
    expect(routePage('/doctors/Neurologist').key).toBe(routePage('/doctors').key);
    expect(routePage('/appointment/doc01').key).not.toBe(routePage('/appointment/doc02').key);
    expect(routePage('/about').key).not.toBe(routePage('/contact').key);
  });

  it('gives every screen a title of its own, never the not-found one', () => {
    const examples = SCREENS.map(({ path }) => path.replace(':docId', 'doc01').replace('/:speciality?', ''));
    const titles = examples.map((path) => routePage(path).title);
    expect(titles).not.toContain(routePage('/no/such/page').title);
    expect(new Set(titles).size).toBe(SCREENS.length);
  });
});
