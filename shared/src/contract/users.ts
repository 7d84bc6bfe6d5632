import { z } from 'zod';
import { MESSAGES } from '../domain/messages';
import { GENDERS } from '../domain/validation';
import { addressSchema, requestBody } from './common';

// Type checks only: lengths, characters and formats are the domain rules of `domain/validation.ts`,
// which the forms use too; a field of the wrong type gets the message an empty one would.
export const loginRequestSchema = requestBody({
  email: z.string({ error: MESSAGES.invalidEmail }),
  password: z.string({ error: MESSAGES.shortPassword }),
});

export const registerRequestSchema = requestBody({
  name: z.string({ error: MESSAGES.invalidName }),
  email: z.string({ error: MESSAGES.invalidEmail }),
  password: z.string({ error: MESSAGES.shortPassword }),
});

/** `POST /api/v1/user/forgot-password`: the answer is the same whether or not the account exists. */
export const forgotPasswordRequestSchema = requestBody({
  email: z.string({ error: MESSAGES.invalidEmail }),
});

/** `POST /api/v1/user/reset-password`: the token from the emailed link and the new password. */
export const resetPasswordRequestSchema = requestBody({
  token: z.string({ error: MESSAGES.resetLinkInvalid }),
  password: z.string({ error: MESSAGES.shortPassword }),
});

export const tokenReplySchema = z.object({ success: z.literal(true), token: z.string(), message: z.string() });

/** The logged-in patient's profile, as `GET /api/v1/user/get-profile` returns it. */
export const userProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  image: z.string(),
  address: addressSchema,
  gender: z.enum([...GENDERS, '']),
  /** `YYYY-MM-DD`, or empty when not given. */
  dob: z.string(),
});

export const profileReplySchema = z.object({ success: z.literal(true), user: userProfileSchema });

/** `POST /api/v1/user/update-profile` (multipart, read by the form reader): the saved profile. */
export const profileUpdateReplySchema = z.object({ success: z.literal(true), message: z.string(), user: userProfileSchema });
