import type { z } from 'zod';
import type { userProfileSchema } from '../contract/users';

/** The logged-in patient's profile, as `GET /api/v1/user/get-profile` returns it. */
export type UserProfile = z.infer<typeof userProfileSchema>;
