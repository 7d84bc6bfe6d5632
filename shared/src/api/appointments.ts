import type { ApiReply, Appointment, AppointmentsReply, BookingRequest } from '../types';
import type { ApiClient } from './client';

export async function getAppointments(api: ApiClient): Promise<Appointment[]> {
  return (await api.get<AppointmentsReply>('/api/v1/user/appointments')).appointments;
}

export function bookAppointment(api: ApiClient, body: BookingRequest): Promise<ApiReply> {
  return api.post<ApiReply>('/api/v1/user/book-appointment', body);
}

export function cancelAppointment(api: ApiClient, appointmentId: string): Promise<ApiReply> {
  return api.post<ApiReply>('/api/v1/user/cancel-appointment', { appointmentId });
}
