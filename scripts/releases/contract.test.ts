import { hostDropsProblems, remoteNeedsProblems, type SingletonContract, type Surface } from './contract';

const CONTEXT = '@carebook/shared/react';
const ROUTER = '@carebook/shared/router';

function contract(app: string, singletons: Record<string, { version?: string; provides?: Surface; needs?: Surface }>): SingletonContract {
  return {
    app,
    singletons: Object.fromEntries(
      Object.entries(singletons).map(([key, { version = '1.0.0', provides = { exports: [] }, needs = { exports: [] } }]) => [
        key,
        { version, provides, needs },
      ]),
    ),
  };
}

const host = contract('host', {
  [CONTEXT]: { version: '1.2.0', provides: { exports: ['AppProvider', 'useApp'], context: ['api', 'doctors', 'token'] } },
  [ROUTER]: { version: '1.0.0', provides: { exports: ['Link', 'useNavigate'] } },
});

describe('remoteNeedsProblems', () => {
  it('accepts a remote that needs no more than the host provides, whatever its own copies have', () => {
    const remote = contract('doctors', {
      [CONTEXT]: { version: '1.3.0', provides: { exports: ['AppProvider', 'useApp', 'useClinic'] }, needs: { exports: ['useApp'], context: ['doctors'] } },
      [ROUTER]: { needs: { exports: ['Link'] } },
    });
    expect(remoteNeedsProblems(remote, host)).toEqual([]);
  });

  it('names the package and every missing export and context field', () => {
    const remote = contract('doctors', {
      [CONTEXT]: { needs: { exports: ['useApp', 'useClinic'], context: ['doctors', 'clinicPhone', 'openingHours'] } },
      [ROUTER]: { needs: { exports: ['Link', 'useMatch'] } },
    });
    expect(remoteNeedsProblems(remote, host)).toEqual([
      `${CONTEXT}: this build of doctors uses useClinic, which the live host (${CONTEXT} 1.2.0) does not provide; release the host with it first`,
      `${CONTEXT}: this build of doctors reads the context fields clinicPhone, openingHours, which the live host's context (${CONTEXT} 1.2.0) does not provide; release the host with it first`,
      `${ROUTER}: this build of doctors uses useMatch, which the live host (${ROUTER} 1.0.0) does not provide; release the host with it first`,
    ]);
  });

  it('refuses a need from a singleton the host does not have at all', () => {
    const remote = contract('pages', { '@carebook/shared/toasts': { needs: { exports: ['toast'] } } });
    expect(remoteNeedsProblems(remote, host)).toEqual([
      '@carebook/shared/toasts: this build of pages uses toast, which the live host (no @carebook/shared/toasts) does not provide; release the host with it first',
    ]);
  });
});

describe('hostDropsProblems', () => {
  const liveDoctors = {
    release: '20261125T170000000Z-0a1b2c3d',
    contract: contract('doctors', { [CONTEXT]: { needs: { exports: ['useApp'], context: ['doctors', 'token'] } }, [ROUTER]: { needs: { exports: ['Link'] } } }),
  };

  it('accepts a host that still provides what every live remote uses', () => {
    expect(hostDropsProblems(host, [liveDoctors])).toEqual([]);
  });

  it('names the live release and what the new host no longer provides', () => {
    const smaller = contract('host', {
      [CONTEXT]: { version: '2.0.0', provides: { exports: ['AppProvider', 'useApp'], context: ['api', 'doctors'] } },
      [ROUTER]: { version: '2.0.0', provides: { exports: ['useNavigate'] } },
    });
    expect(hostDropsProblems(smaller, [liveDoctors])).toEqual([
      `${CONTEXT}: the live doctors release ${liveDoctors.release} uses context field token, which this host build no longer provides`,
      `${ROUTER}: the live doctors release ${liveDoctors.release} uses Link, which this host build no longer provides`,
    ]);
  });
});
