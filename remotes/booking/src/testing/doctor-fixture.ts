import type { ApiClient, Doctor, Specialization } from '@carebook/shared';

/** A doctor as the API returns one, with fields a test cares about overridden. */
export function makeDoctor(id: string, overrides: Partial<Doctor> = {}): Doctor {
  return {
    _id: id,
    name: `Dr. ${id}`,
    image: `http://api.test/static/doctors/${id}.svg`,
    specialization: 'General Physician' as Specialization,
    degree: 'MBBS',
    experience: '4 Years',
    about: `About ${id}.`,
    fees: 60,
    fee: 60,
    available: true,
    address: { line1: 'Line 1', line2: 'Line 2' },
    slots_booked: {},
    ...overrides,
  };
}

/** A stub `api.post` that answers every call with `reply` (typed to fit `ApiClient.post`). */
export function postReplying(reply: object): jest.Mock & ApiClient['post'] {
  return jest.fn(async () => reply) as unknown as jest.Mock & ApiClient['post'];
}
