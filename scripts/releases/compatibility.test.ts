import type { ScreenAddress } from '@carebook/shared';
import { compatibilityProblems, type FederationManifest } from './compatibility';

const screens: ScreenAddress[] = [
  { path: '/', remote: 'doctors', module: 'home' },
  { path: '/doctors/:speciality?', remote: 'doctors', module: 'doctor-list' },
  { path: '/about', remote: 'pages', module: 'about' },
];

const host: FederationManifest = {
  name: 'host',
  shared: [
    { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '19.3.1' },
    { name: '@carebook/shared/react', version: '1.4.0', singleton: true, requiredVersion: '^1.0.0' },
  ],
};

function doctors(overrides: Partial<FederationManifest> = {}): FederationManifest {
  return {
    name: 'doctors',
    exposes: [{ name: 'home' }, { name: 'doctor-list' }],
    shared: [
      { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      { name: '@carebook/shared/react', version: '1.5.0', singleton: true, requiredVersion: '^1.0.0' },
    ],
    ...overrides,
  };
}

describe('compatibilityProblems', () => {
  it('accepts a build that exposes what the routes need and accepts what the host provides', () => {
    expect(compatibilityProblems(doctors(), host, screens)).toEqual([]);
  });

  it('refuses a build that stops exposing a module a route loads', () => {
    const problems = compatibilityProblems(doctors({ exposes: [{ name: 'home' }] }), host, screens);
    expect(problems).toEqual([expect.stringContaining('/doctors/:speciality? needs ./doctor-list')]);
  });

  it("refuses a singleton version the host's copy does not satisfy", () => {
    const shared = [
      { name: 'react', version: '20.0.0', singleton: true, requiredVersion: '^20.0.0' },
      { name: '@carebook/shared/react', version: '1.5.0', singleton: true, requiredVersion: '^1.0.0' },
    ];
    expect(compatibilityProblems(doctors({ shared }), host, screens)).toEqual([
      'react: this build requires ^20.0.0, the host provides 19.3.1',
    ]);
  });

  it('refuses a singleton the host does not provide at all', () => {
    const shared = [...doctors().shared, { name: 'react-query', version: '5.0.0', singleton: true, requiredVersion: '^5.0.0' }];
    expect(compatibilityProblems(doctors({ shared }), host, screens)).toEqual([expect.stringContaining('react-query is a singleton')]);
  });

  it("refuses a singleton of another major version, even when its range would accept the host's", () => {
    const shared = [
      { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      { name: '@carebook/shared/react', version: '2.0.0', singleton: true, requiredVersion: '*' },
    ];
    expect(compatibilityProblems(doctors({ shared }), host, screens)).toEqual([
      "@carebook/shared/react 2.0.0 is a different major version from the host's 1.4.0",
    ]);
  });
});
