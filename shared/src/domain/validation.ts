import { MESSAGES } from './messages';

/** Limits on what a patient may type; the API enforces the same numbers. */
export const LIMITS = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 254,
  passwordMin: 6,
  passwordMax: 128,
  phoneMax: 20,
  addressLineMax: 200,
  imageMaxBytes: 5 * 1024 * 1024,
} as const;

export const GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;
/** One of {@link GENDERS}, or empty when the patient did not say. */
export type Gender = (typeof GENDERS)[number] | '';

/** A validation failure is a message; `null` means the value is fine. */
export type FieldError = string | null;

// Deliberately simple: something@something.tld, no spaces. The server verifies by using it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

// C0 and C1 controls and DEL. NUL is the dangerous one (PostgreSQL refuses it in text), the rest
// are never meant to be typed into a form.
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;
// The same, but tab, line feed and carriage return are allowed (multi-line text such as "about").
const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Bidirectional overrides, embeddings, isolates and marks: they can make a name read differently
// from what it is (the "Trojan Source" trick), and a name never needs them.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
const INVISIBLE_ALL = /\p{Default_Ignorable_Code_Point}/gu;
// Format characters (zero-width space, BOM, soft hyphen, word joiner...), line and paragraph
// separators (U+2028, U+2029), other invisible code points, and halves of a surrogate pair with
// no other half (a broken character: stored, it becomes U+FFFD).
const INVISIBLE_OR_BROKEN = /[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|\p{Default_Ignorable_Code_Point}/u;
// Zero-width non-joiner and joiner between two letters: part of how some scripts spell a name
// (Persian, the Indic scripts), so allowed there and nowhere else.
const JOINER_IN_WORD = /(?<=[\p{L}\p{M}])[\u200C\u200D](?=[\p{L}\p{M}])/gu;

/**
 * True when `text` holds an invisible format character, a line or paragraph separator or half of a
 * broken character (an unpaired surrogate). With `inWord`, a joiner between two letters is allowed.
 */
export function hasInvisibleCharacters(text: string, options: { inWord?: boolean } = {}): boolean {
  return INVISIBLE_OR_BROKEN.test(options.inWord ? text.replace(JOINER_IN_WORD, '') : text);
}

/**
 * True when `text` holds a control character (NUL included) or a bidirectional control. With
 * `multiline`, tab and line breaks are allowed. Every text field the API accepts is checked with it.
 */
export function hasForbiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARS_BUT_LINES : CONTROL_CHARS).test(text) || BIDI_CONTROLS.test(text);
}

/** A free-text field (address line, doctor's degree...): `invalidCharacters` when it holds forbidden characters. */
export function validateText(text: string, options: { multiline?: boolean } = {}): FieldError {
  return hasForbiddenCharacters(text, options) ? MESSAGES.invalidCharacters : null;
}

export function validateEmail(email: string): FieldError {
  // Before trimming: trim() takes a BOM or U+2028 at either end away silently.
  if (hasInvisibleCharacters(email)) return MESSAGES.emailInvisibleCharacters;
  const value = email.trim();
  if (hasForbiddenCharacters(value) || INVISIBLE.test(value)) return MESSAGES.invalidEmail;
  return value.length <= LIMITS.emailMax && EMAIL_PATTERN.test(value) ? null : MESSAGES.invalidEmail;
}

export function validatePassword(password: string): FieldError {
  if (password.length < LIMITS.passwordMin) return MESSAGES.shortPassword;
  if (password.length > LIMITS.passwordMax) return MESSAGES.longPassword;
  if (CONTROL_CHARS.test(password)) return MESSAGES.invalidCharacters;
  return null;
}

/**
 * A name needs at least `nameMin` visible characters, and holds no invisible or broken character
 * (a joiner inside a word excepted).
 */
export function validateName(name: string): FieldError {
  const value = name.trim();
  if (hasForbiddenCharacters(value)) return MESSAGES.invalidName;
  // Before trimming: trim() takes a BOM or U+2028 at either end away silently.
  if (hasInvisibleCharacters(name, { inWord: true })) return MESSAGES.nameInvisibleCharacters;
  if (hasForbiddenCharacters(value) || value.replace(INVISIBLE_ALL, '').trim().length < LIMITS.nameMin) return MESSAGES.invalidName;
  if (value.length > LIMITS.nameMax) return MESSAGES.longName;
  return null;
}

/** Phone is optional: empty passes. */
export function validatePhone(phone: string): FieldError {
  const value = phone.trim();
  return value === '' || PHONE_PATTERN.test(value) ? null : MESSAGES.invalidPhone;
}

export function validateGender(gender: string): FieldError {
  return gender === '' || (GENDERS as readonly string[]).includes(gender) ? null : MESSAGES.invalidGender;
}

/**
 * Date of birth is optional; when given it must be a real `YYYY-MM-DD` day, not in the future
 * and not more than 130 years ago. `today` is a `YYYY-MM-DD` string so the rule has no clock.
 */
export function validateDob(dob: string, today: string): FieldError {
  if (dob === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!match) return MESSAGES.invalidDob;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const oldest = `${Number(today.slice(0, 4)) - 130}${today.slice(4)}`;
  return real && dob <= today && dob >= oldest ? null : MESSAGES.invalidDob;
}

export function validateAddressLine(line: string): FieldError {
  if (line.length > LIMITS.addressLineMax) return MESSAGES.longAddress;
  return validateText(line);
}

export type LoginErrors = Partial<Record<'email' | 'password', string>>;
export type RegistrationErrors = Partial<Record<'name' | 'email' | 'password', string>>;

function collect<K extends string>(checks: Record<K, FieldError>): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const key of Object.keys(checks) as K[]) {
    const error = checks[key];
    if (error) errors[key] = error;
  }
  return errors;
}

/** Field errors of the login form; an empty object means it may be sent. */
export function validateLogin(input: { email: string; password: string }): LoginErrors {
  return collect({ email: validateEmail(input.email), password: validatePassword(input.password) });
}

/** Field errors of the sign-up form; an empty object means it may be sent. */
export function validateRegistration(input: { name: string; email: string; password: string }): RegistrationErrors {
  return collect({
    name: validateName(input.name),
    email: validateEmail(input.email),
    password: validatePassword(input.password),
  });
}

export interface ProfileInput {
  name: string;
  phone: string;
  address: { line1: string; line2: string };
  gender: string;
  dob: string;
}

export type ProfileErrors = Partial<Record<'name' | 'phone' | 'line1' | 'line2' | 'gender' | 'dob', string>>;

/** Field errors of the profile form (the photo is checked separately, by its bytes). */
export function validateProfile(input: ProfileInput, today: string): ProfileErrors {
  return collect({
    name: validateName(input.name),
    phone: validatePhone(input.phone),
    line1: validateAddressLine(input.address.line1),
    line2: validateAddressLine(input.address.line2),
    gender: validateGender(input.gender),
    dob: validateDob(input.dob, today),
  });
}

/** Normalised form of an email for storage and lookup. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
