import { SESSION_KEY, type pageSession } from './page-session';

// The module holds page-wide state: each test gets a fresh copy.
function freshSession(): typeof pageSession {
  let fresh: typeof pageSession | undefined;
  jest.isolateModules(() => {
    fresh = (jest.requireActual('./page-session') as { pageSession: typeof pageSession }).pageSession;
  });
  if (!fresh) throw new Error('not loaded');
  return fresh;
}

beforeEach(() => window.sessionStorage.clear());

describe('the page-wide widget session', () => {
  it('by default lives in memory only: nothing in the page storage', () => {
    const session = freshSession();
    session.set('token-1');
    expect(session.token).toBe('token-1');
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
  });

  it("with persist: 'session' keeps the token under one key, and a log out or 401 (null) removes it", () => {
    const session = freshSession();
    session.persistInSession();
    session.set('token-1');
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBe('token-1');
    expect(window.sessionStorage.length).toBe(1);
    session.set(null);
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('after a reload takes up the stored session and tells the widgets already listening', () => {
    window.sessionStorage.setItem(SESSION_KEY, 'token-from-before');
    const session = freshSession();
    const listener = jest.fn();
    session.subscribe(listener);
    expect(session.token).toBeNull();
    session.persistInSession();
    expect(session.token).toBe('token-from-before');
    expect(listener).toHaveBeenCalledWith('token-from-before');
  });

  it('stores a session that began before persisting was asked for', () => {
    const session = freshSession();
    session.set('token-2');
    session.persistInSession();
    expect(window.sessionStorage.getItem(SESSION_KEY)).toBe('token-2');
  });
});
