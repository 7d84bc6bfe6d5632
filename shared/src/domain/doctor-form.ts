import { MESSAGES } from './messages';
import { isSpecialization } from './specializations';
import { type FieldError, validateAddressLine, validateName } from './validation';

/** Limits on a doctor's fields; the admin API and the admin app's form use the same numbers. */
export const DOCTOR_LIMITS = {
  degreeMax: 200,
  experienceMax: 50,
  aboutMax: 4000,
  locationMax: 200,
  feesMax: 100_000,
} as const;

/** The doctor form as typed: every field is text, the fee too (it is checked, then converted). */
export interface DoctorInput {
  name: string;
  specialization: string;
  degree: string;
  experience: string;
  about: string;
  fees: string;
  line1: string;
  line2: string;
  location: string;
}

export type DoctorField = keyof DoctorInput;
export type DoctorErrors = Partial<Record<DoctorField, string>>;

/** Field order on the form: focus goes to the first field with an error. */
export const DOCTOR_FIELDS: readonly DoctorField[] = [
  'name',
  'specialization',
  'degree',
  'experience',
  'fees',
  'about',
  'line1',
  'line2',
  'location',
];

/** A whole number of dollars from 0 to {@link DOCTOR_LIMITS}.feesMax; `50.5`, `-1` and `` fail. */
export function validateFees(fees: string): FieldError {
  const text = fees.trim();
  const value = Number(text);
  return /^\d+$/.test(text) && value <= DOCTOR_LIMITS.feesMax ? null : MESSAGES.invalidFees;
}

function maxLength(value: string, max: number): FieldError {
  return value.trim().length <= max ? null : MESSAGES.fieldTooLong;
}

/** Field errors of the admin's doctor form; an empty object means it may be sent. */
export function validateDoctor(input: DoctorInput): DoctorErrors {
  const checks: Record<DoctorField, FieldError> = {
    name: validateName(input.name),
    specialization: input.specialization === '' ? MESSAGES.requiredSpecialization : isSpecialization(input.specialization) ? null : MESSAGES.invalidSpecialization,
    degree: maxLength(input.degree, DOCTOR_LIMITS.degreeMax),
    experience: maxLength(input.experience, DOCTOR_LIMITS.experienceMax),
    about: maxLength(input.about, DOCTOR_LIMITS.aboutMax),
    fees: validateFees(input.fees),
    line1: validateAddressLine(input.line1),
    line2: validateAddressLine(input.line2),
    location: maxLength(input.location, DOCTOR_LIMITS.locationMax),
  };
  const errors: DoctorErrors = {};
  for (const field of DOCTOR_FIELDS) {
    const error = checks[field];
    if (error) errors[field] = error;
  }
  return errors;
}
