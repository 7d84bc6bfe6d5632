import { MESSAGES } from './messages';
import {
  normalizeEmail,
  validateDob,
  validateEmail,
  validateLogin,
  validateName,
  validatePassword,
  validatePhone,
  validateRegistration,
} from './validation';

describe('validation rules', () => {
  it.each([
    ['ana@example.com', null],
    ['  ana@example.com  ', null],
    ['ana@example', MESSAGES.invalidEmail],
    ['ana example.com', MESSAGES.invalidEmail],
    ['', MESSAGES.invalidEmail],
    [`${'a'.repeat(250)}@b.co`, MESSAGES.invalidEmail],
  ])('email %p -> %p', (email, expected) => expect(validateEmail(email)).toBe(expected));

  it.each([
    ['12345', MESSAGES.shortPassword],
    ['123456', null],
    ['x'.repeat(128), null],
    ['x'.repeat(129), MESSAGES.longPassword],
  ])('password %p -> %p', (password, expected) => expect(validatePassword(password)).toBe(expected));

  it.each([
    [' A ', MESSAGES.invalidName],
    ['Al', null],
    ['x'.repeat(101), MESSAGES.longName],
  ])('name %p -> %p', (name, expected) => expect(validateName(name)).toBe(expected));

  it('phone is optional but must look like a number when given', () => {
    expect(validatePhone('')).toBeNull();
    expect(validatePhone('+49 30 1234567')).toBeNull();
    expect(validatePhone('call me')).toBe(MESSAGES.invalidPhone);
  });

  it('date of birth must be a real past day', () => {
    expect(validateDob('', '2026-11-22')).toBeNull();
    expect(validateDob('1990-02-28', '2026-11-22')).toBeNull();
    expect(validateDob('1990-02-30', '2026-11-22')).toBe(MESSAGES.invalidDob);
    expect(validateDob('2027-01-01', '2026-11-22')).toBe(MESSAGES.invalidDob);
    expect(validateDob('1800-01-01', '2026-11-22')).toBe(MESSAGES.invalidDob);
  });

  it('collects every field error of a form at once', () => {
    expect(validateLogin({ email: 'x', password: '1' })).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.shortPassword,
    });
    expect(validateRegistration({ name: 'Ana', email: 'ana@example.com', password: 'secret1' })).toEqual({});
  });

  it('normalises emails for storage', () => {
    expect(normalizeEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});
