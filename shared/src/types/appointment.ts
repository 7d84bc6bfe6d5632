import type { Address } from './doctor';

/** The doctor's details copied onto an appointment when it is booked. */
export interface AppointmentDoctor {
  _id: string;
  name: string;
  image: string;
  specialization: string;
  address: Address;
  fees: number;
}

/** One of the patient's appointments, as `GET /api/v1/user/appointments` returns it. */
export interface Appointment {
  _id: string;
  docId: string;
  /** `day_month_year`, no zero padding: `5_1_2027`. */
  slotDate: string;
  /** `HH:mm`, 24-hour, in the clinic time zone: `14:30`. */
  slotTime: string;
  docData: AppointmentDoctor;
  amount: number;
  /** Milliseconds since the epoch when it was booked. */
  date: number;
  cancelled: boolean;
  payment: boolean;
  isCompleted: boolean;
  /** The patient's own rating of this visit (1-5), `null` when not rated yet. */
  rating?: number | null;
}
