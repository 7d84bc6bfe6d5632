import { DOCTOR_LIMITS, type DoctorInput, validateDoctor, validateFees } from './doctor-form';
import { MESSAGES } from './messages';

const VALID: DoctorInput = {
  name: 'Dr. Mira Okafor',
  specialization: 'Neurologist',
  degree: 'MBBS, MD',
  experience: '6 Years',
  about: 'Sees adults with headaches and sleep problems.',
  fees: '80',
  line1: '12 Harbour Road',
  line2: 'Floor 2',
  location: 'Riverside Clinic',
};

describe('doctor form rules', () => {
  it.each([
    ['0', null],
    ['80', null],
    [' 120 ', null],
    [String(DOCTOR_LIMITS.feesMax), null],
    [String(DOCTOR_LIMITS.feesMax + 1), MESSAGES.invalidFees],
    ['', MESSAGES.invalidFees],
    ['-5', MESSAGES.invalidFees],
    ['50.5', MESSAGES.invalidFees],
    ['1e3', MESSAGES.invalidFees],
    ['fifty', MESSAGES.invalidFees],
  ])('fee %p -> %p', (fees, expected) => expect(validateFees(fees)).toBe(expected));

  it('accepts a complete doctor, and optional fields left empty', () => {
    expect(validateDoctor(VALID)).toEqual({});
    expect(validateDoctor({ ...VALID, degree: '', experience: '', about: '', line1: '', line2: '', location: '' })).toEqual({});
  });

  it('names every field that is wrong, with the shared messages', () => {
    expect(
      validateDoctor({
        ...VALID,
        name: ' D ',
        specialization: '',
        fees: '-1',
        experience: 'x'.repeat(DOCTOR_LIMITS.experienceMax + 1),
        line2: 'y'.repeat(201),
      }),
    ).toEqual({
      name: MESSAGES.invalidName,
      specialization: MESSAGES.requiredSpecialization,
      fees: MESSAGES.invalidFees,
      experience: MESSAGES.fieldTooLong,
      line2: MESSAGES.longAddress,
    });
    expect(validateDoctor({ ...VALID, specialization: 'Astrologer' })).toEqual({ specialization: MESSAGES.invalidSpecialization });
  });
});
