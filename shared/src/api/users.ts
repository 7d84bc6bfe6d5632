import type {
  ForgotPasswordRequest,
  LoginRequest,
  MessageReply,
  ProfileReply,
  ProfileUpdateReply,
  RegisterRequest,
  ResetPasswordRequest,
  TokenReply,
  UserProfile,
} from '../types';
import type { ApiClient } from './client';

export function login(api: ApiClient, body: LoginRequest): Promise<TokenReply> {
  return api.post<TokenReply>('/api/v1/user/login', body);
}

export function register(api: ApiClient, body: RegisterRequest): Promise<TokenReply> {
  return api.post<TokenReply>('/api/v1/user/register', body);
}

/** Asks for a password reset link; the reply is the same whether or not the address has an account. */
export function forgotPassword(api: ApiClient, body: ForgotPasswordRequest): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/forgot-password', body);
}

/** Sets a new password with an emailed link's token; the reply's token is a new session (every other one has ended). */
export function resetPassword(api: ApiClient, body: ResetPasswordRequest): Promise<TokenReply> {
  return api.post<TokenReply>('/api/v1/user/reset-password', body);
}

export async function getProfile(api: ApiClient): Promise<UserProfile> {
  return (await api.get<ProfileReply>('/api/v1/user/get-profile')).user;
}

export interface ProfileUpdate {
  name: string;
  phone: string;
  email: string;
  address: { line1: string; line2: string };
  dob: string;
  gender: string;
  image?: Blob;
}

/** The multipart update-profile call (api/README.md): address travels as JSON text. */
export function updateProfile(api: ApiClient, update: ProfileUpdate): Promise<ProfileUpdateReply> {
  const form = new FormData();
  form.append('name', update.name);
  form.append('phone', update.phone);
  form.append('email', update.email);
  form.append('address', JSON.stringify(update.address));
  form.append('dob', update.dob);
  form.append('gender', update.gender);
  if (update.image) form.append('image', update.image);
  return api.post<ProfileUpdateReply>('/api/v1/user/update-profile', form);
}
