import type { Doctor, Specialization } from '@carebook/shared';

/** A doctor as the API returns it, with the fields a test cares about overridden. */
export function makeDoctor(id: string, name: string, specialization: Specialization, extra: Partial<Doctor> = {}): Doctor {
  return {
    _id: id,
    name,
    image: `http://api.test/static/doctors/${id}.svg`,
    specialization,
    degree: 'MBBS',
    experience: '5 Years',
    about: 'About this doctor.',
    fees: 50,
    fee: 50,
    available: true,
    address: { line1: '1 Main Street', line2: 'Springfield' },
    slots_booked: {},
    location: 'Riverside Health Centre',
    ...extra,
  };
}

/** A small clinic: two dermatologists (one without a location), one of them unavailable; one rated doctor. */
export const DOCTORS: Doctor[] = [
  makeDoctor('d1', 'Dr. Amara Lindqvist', 'General Physician', { experience: '12 Years', rating: 4.5, reviews: 2 }),
  makeDoctor('d2', 'Dr. Tobias Okafor', 'General Physician'),
  makeDoctor('d3', 'Dr. Sofia Castellano', 'Gynecologist', { experience: undefined }),
  makeDoctor('d4', 'Dr. Lena Fischer', 'Dermatologist', { location: undefined }),
  makeDoctor('d5', 'Dr. Omar Benali', 'Dermatologist', { available: false, experience: '' }),
  makeDoctor('d6', 'Dr. Kenji Sato', 'Neurologist'),
];
