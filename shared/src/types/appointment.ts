import type { z } from 'zod';
import type { appointmentDoctorSchema, appointmentSchema } from '../contract/appointments';

/** The doctor's details copied onto an appointment when it is booked. */
export type AppointmentDoctor = z.infer<typeof appointmentDoctorSchema>;

/** One of the patient's appointments, as `GET /api/v1/user/appointments` returns it. */
export type Appointment = z.infer<typeof appointmentSchema>;
