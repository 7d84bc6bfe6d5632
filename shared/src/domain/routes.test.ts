import { doctorSlotPath, loginPath, safeNextPath, sessionExpiredPath, signUpPath } from './routes';

describe('auth paths', () => {
  it('opens the login screen in sign-up mode, with or without a way back', () => {
    expect(signUpPath()).toBe('/login?mode=signup');
    expect(signUpPath('/appointment/doc01?date=23_11_2026&time=14:30')).toBe(
      '/login?mode=signup&next=%2Fappointment%2Fdoc01%3Fdate%3D23_11_2026%26time%3D14%3A30',
    );
    expect(loginPath('/my-profile')).toBe('/login?next=%2Fmy-profile');
  });

  it.each([
    ['/appointment/doc01?date=23_11_2026&time=14:30', '/appointment/doc01?date=23_11_2026&time=14:30'],
    ['//evil.example', '/'],
    ['https://evil.example', '/'],
    [null, '/'],
  ])('next %s goes to %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});

describe('doctorSlotPath and sessionExpiredPath', () => {
  it('keeps a chosen slot in the doctor page address, the wire format unchanged', () => {
    expect(doctorSlotPath('doc01', { slotDate: '23_11_2026', slotTime: '14:30' })).toBe(
      '/appointment/doc01?date=23_11_2026&time=14:30',
    );
    expect(doctorSlotPath('doc01', { slotDate: '23_11_2026', slotTime: null })).toBe('/appointment/doc01?date=23_11_2026');
    expect(doctorSlotPath('doc01', {})).toBe('/appointment/doc01');
  });

  it('says why the login screen opened', () => {
    expect(sessionExpiredPath('/my-appointments')).toBe('/login?reason=expired&next=%2Fmy-appointments');
    expect(sessionExpiredPath('/')).toBe('/login?reason=expired');
  });
});
