import { MESSAGES } from './messages';
import { hasForbiddenCharacters, validateAddressLine, validateEmail, validateName, validatePassword, validateText } from './validation';

describe('control, bidi and invisible characters', () => {
  it.each([
    ['Ana\u0000Lee', MESSAGES.invalidName],
    ['Ana\u0007', MESSAGES.invalidName],
    ['\u202EeeL anA', MESSAGES.invalidName],
    ['Ana \u2066Lee\u2069', MESSAGES.invalidName],
    ['\u200B\u200B\u200B', MESSAGES.nameInvisibleCharacters],
    ['A\u200D', MESSAGES.nameInvisibleCharacters],
    ['Ana\u200BLee', MESSAGES.nameInvisibleCharacters],
    ['\uFEFFAna Lee', MESSAGES.nameInvisibleCharacters],
    ['Ana\u2028Lee', MESSAGES.nameInvisibleCharacters],
    ['Ana\u00ADLee', MESSAGES.nameInvisibleCharacters],
    ['Ana \uD800Lee', MESSAGES.nameInvisibleCharacters],
    ['Ana \uDC00', MESSAGES.nameInvisibleCharacters],
    ['Ana 😀 Lee', null],
    ['\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645', null],
    ['Zoë Ñúñez', null],
    ['李小龙', null],
  ])('name %j -> %p', (name, expected) => expect(validateName(name)).toBe(expected));

  it('refuses NUL, controls and invisible characters in emails', () => {
    expect(validateEmail('ana\u0000@example.com')).toBe(MESSAGES.invalidEmail);
    expect(validateEmail('ana\u200B@example.com')).toBe(MESSAGES.emailInvisibleCharacters);
    expect(validateEmail('\uFEFFana@example.com')).toBe(MESSAGES.emailInvisibleCharacters);
    expect(validateEmail('ana\u2028x@example.com')).toBe(MESSAGES.emailInvisibleCharacters);
    expect(validateEmail('e\uD800@example.com')).toBe(MESSAGES.emailInvisibleCharacters);
    expect(validateEmail('ana@example.com')).toBeNull();
    expect(validateEmail('ana@example.com\u0085')).toBe(MESSAGES.invalidEmail);
  });

  it('refuses control characters in passwords but allows any printable text', () => {
    expect(validatePassword('secret\u0000x')).toBe(MESSAGES.invalidCharacters);
    expect(validatePassword('sécret ☂ 1')).toBeNull();
  });

  it('allows line breaks only in multi-line text', () => {
    expect(validateText('line one\nline two\ttab', { multiline: true })).toBeNull();
    expect(validateText('line one\nline two')).toBe(MESSAGES.invalidCharacters);
    expect(validateText('nul\u0000', { multiline: true })).toBe(MESSAGES.invalidCharacters);
    expect(hasForbiddenCharacters('\u202Dx', { multiline: true })).toBe(true);
    expect(validateAddressLine('Main St\u0000')).toBe(MESSAGES.invalidCharacters);
    expect(validateAddressLine('Main St 1')).toBeNull();
  });
});
