import { mainRemoteOf, remoteOfError, remoteOfScript } from './attribution';

const remotes = {
  doctors: 'http://127.0.0.1:4101/releases/r-2/remoteEntry.js',
  booking: 'http://127.0.0.1:4102/remoteEntry.js',
  pages: 'http://127.0.0.1:4103/remoteEntry.js',
};

describe('remoteOfScript', () => {
  it("names the remote whose release folder holds the script", () => {
    expect(remoteOfScript('http://127.0.0.1:4101/releases/r-2/__federation_expose_list.3f2a.js', remotes)).toBe('doctors');
    expect(remoteOfScript('http://127.0.0.1:4102/src_features_slot.js', remotes)).toBe('booking');
  });

  it("names a remote's older release on its own origin (a page that loaded before a release)", () => {
    expect(remoteOfScript('http://127.0.0.1:4101/releases/r-1/list.js', remotes)).toBe('doctors');
  });

  it("names no remote for the host's code, another site's script, or a URL the browser hid", () => {
    expect(remoteOfScript('http://127.0.0.1:3000/main.1234.js', remotes)).toBeNull();
    expect(remoteOfScript('chrome-extension://abc/content.js', remotes)).toBeNull();
    expect(remoteOfScript('', remotes)).toBeNull();
    expect(remoteOfScript(undefined, remotes)).toBeNull();
  });

  it('names none when two remotes share an origin and neither folder holds the script', () => {
    const shared = { a: 'https://cdn.test/a/remoteEntry.js', b: 'https://cdn.test/b/remoteEntry.js' };
    expect(remoteOfScript('https://cdn.test/a/chunk.js', shared)).toBe('a');
    expect(remoteOfScript('https://cdn.test/c/chunk.js', shared)).toBeNull();
  });
});

describe('remoteOfError', () => {
  it("names the innermost remote frame of the error's stack", () => {
    const error = new Error('list failed');
    error.stack = [
      'Error: list failed',
      '    at DoctorList (http://127.0.0.1:4101/releases/r-2/src_list.js:1:2040)',
      '    at renderWithHooks (http://127.0.0.1:3000/shell.js:9:100)',
    ].join('\n');
    expect(remoteOfError(error, remotes)).toBe('doctors');
    const firefox = new Error('x');
    firefox.stack = 'onClick@http://127.0.0.1:4102/src_features_slot.js:3:14\n';
    expect(remoteOfError(firefox, remotes)).toBe('booking');
  });

  it('names none for a stack of host code only, or no error', () => {
    const error = new Error('host');
    error.stack = 'Error: host\n    at start (http://127.0.0.1:3000/main.js:1:1)';
    expect(remoteOfError(error, remotes)).toBeNull();
    expect(remoteOfError('a string', remotes)).toBeNull();
  });
});

describe('mainRemoteOf', () => {
  it("names the remote of the route's screen, none for an unknown path", () => {
    expect(mainRemoteOf('/doctors')).toBe('doctors');
    expect(mainRemoteOf('/no/such/page/here')).toBeNull();
  });
});
