import type { Appointment } from './appointment';
import type { Doctor } from './doctor';
import type { UserProfile } from './user';

/** Every reply carries `success`; failures carry a human `message`. */
export interface ApiReply {
  success: boolean;
  message?: string;
}

export interface DoctorsReply extends ApiReply {
  doctors: Doctor[];
}

export interface TokenReply extends ApiReply {
  token: string;
}

export interface ProfileReply extends ApiReply {
  user: UserProfile;
}

export interface AppointmentsReply extends ApiReply {
  appointments: Appointment[];
}

/** Facts about the clinic the site needs to agree with the server. */
export interface ClinicInfo {
  /** IANA time zone name, e.g. `Europe/Berlin`. Slots are in this zone. */
  timeZone: string;
}

export interface ClinicReply extends ApiReply {
  clinic: ClinicInfo;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest extends LoginRequest {
  name: string;
}

export interface BookingRequest {
  docId: string;
  slotDate: string;
  slotTime: string;
}

/** The booking reply: `appointmentId` names the new appointment (for its calendar file, etc.). */
export interface BookingReply extends ApiReply {
  appointmentId: string;
}

export interface RescheduleRequest {
  appointmentId: string;
  slotDate: string;
  slotTime: string;
}

export interface RatingRequest {
  appointmentId: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** At most 500 characters. */
  comment?: string;
}
