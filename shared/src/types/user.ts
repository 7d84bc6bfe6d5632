import type { Address } from './doctor';
import type { Gender } from '../domain/validation';

/** The logged-in patient's profile, as `GET /api/v1/user/get-profile` returns it. */
export interface UserProfile {
  _id: string;
  name: string;
  email: string;
  phone: string;
  image: string;
  address: Address;
  gender: Gender;
  /** `YYYY-MM-DD`, or empty when not given. */
  dob: string;
}
