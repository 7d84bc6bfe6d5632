/**
 * @jest-environment node
 */
import { notFoundTitle, SCREENS } from '@carebook/shared';
import { provided, renderPage } from './render';

// The build configuration: what a remote's server build leaves to the host's server.
const { SERVER_PROVIDED } = jest.requireActual<{ SERVER_PROVIDED: string[] }>('../../../webpack.shared.js');

describe("the host's server build", () => {
  it('provides exactly what the remotes\' server builds are built to ask for (webpack.shared.js)', () => {
    expect(Object.keys(provided).sort()).toEqual([...SERVER_PROVIDED].sort());
    for (const name of SERVER_PROVIDED) expect(provided[name]).toBeTruthy();
  });
});

describe('the titles of server-rendered pages', () => {
  const config = { apiUrl: 'http://127.0.0.1:9', adminUrl: 'http://127.0.0.1:9', remotes: {}, releases: {} };
  /** An address of each screen: its pattern with an example for each parameter. */
  const examples = SCREENS.map(({ path }) => path.replace(':docId', 'doc01').replace('/:speciality?', ''));

  it("gives every route its own title, never another's or the not-found one", async () => {
    const titles: string[] = [];
    for (const url of examples) {
      const page = await renderPage({ url, config, initialData: null, screens: {} });
      titles.push(page.title);
    }
    expect(titles).toEqual([
      'Book a doctor online · CareBook',
      'All doctors · CareBook',
      'Doctor · CareBook',
      'Log in · CareBook',
      'My profile · CareBook',
      'My appointments · CareBook',
      'Forgot password · CareBook',
      'An earlier time · CareBook',
      'About us · CareBook',
      'Contact us · CareBook',
    ]);
    expect(titles).not.toContain(notFoundTitle());
    expect(new Set(titles).size).toBe(SCREENS.length);
  });

  it('titles an address with no screen as not found', async () => {
    const page = await renderPage({ url: '/no/such/page', config, initialData: null, screens: {} });
    expect(page.title).toBe(notFoundTitle());
  });
});
