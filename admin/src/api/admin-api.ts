import type {
  AdminAppointment,
  AdminAppointmentsReply,
  AdminDoctorsReply,
  ApiClient,
  AppointmentEmail,
  AppointmentEmailsReply,
  AppointmentStatus,
  AvailabilityReply,
  Doctor,
  DoctorReply,
  DoctorScheduleReply,
  MessageReply,
  PatientMatch,
  PatientSearchReply,
  Schedule,
  StaffBookingReply,
  TokenReply,
  WaitlistFigures,
  WaitlistOverviewReply,
} from '@carebook/shared';

export type { AdminAppointment, AppointmentEmail, AppointmentStatus, PatientMatch, StaffBooking, WaitlistFigures } from '@carebook/shared';

/** Narrows the list; empty parts mean "any". Days are `YYYY-MM-DD` in the clinic's calendar. */
export interface AppointmentQuery {
  docId?: string;
  from?: string;
  to?: string;
  status?: AppointmentStatus | '';
}

const BASE = '/api/v1/admin';

export function adminLogin(api: ApiClient, body: { email: string; password: string }): Promise<TokenReply> {
  return api.post<TokenReply>(`${BASE}/login`, body);
}

export async function getAdminDoctors(api: ApiClient): Promise<Doctor[]> {
  return (await api.get<AdminDoctorsReply>(`${BASE}/all-doctors`)).doctors;
}

export async function getAdminAppointments(api: ApiClient, query: AppointmentQuery = {}): Promise<AdminAppointment[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  const path = `${BASE}/appointments${search ? `?${search}` : ''}`;
  return (await api.get<AdminAppointmentsReply>(path)).appointments;
}

/** The emails one appointment caused, oldest first, with how their sending went. */
export async function getAppointmentEmails(api: ApiClient, appointmentId: string): Promise<AppointmentEmail[]> {
  const params = new URLSearchParams({ appointmentId });
  return (await api.get<AppointmentEmailsReply>(`${BASE}/appointment-emails?${params.toString()}`)).emails;
}

export interface DoctorWrite {
  name: string;
  specialization: string;
  degree: string;
  experience: string;
  about: string;
  fees: string;
  address: { line1: string; line2: string };
  location: string;
  image?: Blob;
}

function doctorForm(doctor: DoctorWrite): FormData {
  const form = new FormData();
  form.append('name', doctor.name.trim());
  form.append('specialization', doctor.specialization);
  form.append('degree', doctor.degree.trim());
  form.append('experience', doctor.experience.trim());
  form.append('about', doctor.about.trim());
  form.append('fees', doctor.fees.trim());
  form.append('address', JSON.stringify({ line1: doctor.address.line1.trim(), line2: doctor.address.line2.trim() }));
  form.append('location', doctor.location.trim());
  if (doctor.image) form.append('image', doctor.image);
  return form;
}

export function addDoctor(api: ApiClient, doctor: DoctorWrite): Promise<DoctorReply> {
  return api.post(`${BASE}/add-doctor`, doctorForm(doctor));
}

export function updateDoctor(api: ApiClient, docId: string, doctor: DoctorWrite): Promise<DoctorReply> {
  const form = doctorForm(doctor);
  form.append('docId', docId);
  return api.post(`${BASE}/update-doctor`, form);
}

export function changeAvailability(api: ApiClient, docId: string): Promise<AvailabilityReply> {
  return api.post(`${BASE}/change-availability`, { docId });
}

export function markAppointmentPaid(api: ApiClient, appointmentId: string): Promise<MessageReply> {
  return api.post(`${BASE}/appointment-paid`, { appointmentId });
}

export function markAppointmentCompleted(api: ApiClient, appointmentId: string): Promise<MessageReply> {
  return api.post(`${BASE}/appointment-complete`, { appointmentId });
}

export function cancelAdminAppointment(api: ApiClient, appointmentId: string): Promise<MessageReply> {
  return api.post(`${BASE}/appointment-cancel`, { appointmentId });
}

/** Staff keep a visit that a schedule change left outside the doctor's times: its reminder goes out again. */
export function keepAdminAppointment(api: ApiClient, appointmentId: string): Promise<MessageReply> {
  return api.post(`${BASE}/appointment-keep`, { appointmentId });
}

/**
 * Saves the doctor's whole schedule; the reply lists the upcoming appointments now outside it
 * (kept). With `dryRun`, nothing is saved: only the conflicts the change would have.
 */
export function saveDoctorSchedule(api: ApiClient, docId: string, schedule: Schedule, options: { dryRun?: boolean } = {}): Promise<DoctorScheduleReply> {
  return api.post(`${BASE}/doctor-schedule`, { docId, ...schedule, ...(options.dryRun ? { dryRun: true } : {}) });
}

/** Patients whose name, email or phone contains `text` (2 to 100 characters), at most ten. */
export async function searchPatients(api: ApiClient, text: string): Promise<PatientMatch[]> {
  const params = new URLSearchParams({ q: text });
  return (await api.get<PatientSearchReply>(`${BASE}/patients?${params.toString()}`)).patients;
}

export interface StaffBookingRequest {
  docId: string;
  slotDate: string;
  slotTime: string;
  /** An existing patient by email; a new one also needs `name` (and may give `phone`). */
  patient: { email: string; name?: string; phone?: string };
  /** Given only to go over the per-patient limit; the audit trail records it. */
  overCapReason?: string;
}

/** Books a caller; `idempotencyKey` makes a retry of the same form safe (one booking). */
export function staffBookAppointment(api: ApiClient, body: StaffBookingRequest, idempotencyKey?: string): Promise<StaffBookingReply> {
  return api.post(`${BASE}/book-appointment`, body, { idempotencyKey });
}

/** Moves any patient's upcoming visit to another free time of its doctor. */
export function staffRescheduleAppointment(
  api: ApiClient,
  body: { appointmentId: string; slotDate: string; slotTime: string },
  idempotencyKey?: string,
): Promise<MessageReply> {
  return api.post(`${BASE}/appointment-reschedule`, body, { idempotencyKey });
}

/** Marks a visit whose time has passed as missed (the patient did not come); `missed: false` undoes it. */
export function markAppointmentMissed(api: ApiClient, appointmentId: string, missed: boolean): Promise<MessageReply> {
  return api.post(`${BASE}/appointment-missed`, { appointmentId, missed });
}

/** Lets a patient stopped by the no-show limit book online again. */
export function liftNoShows(api: ApiClient, userId: string): Promise<MessageReply> {
  return api.post(`${BASE}/patient-no-show-lift`, { userId });
}

/** Per doctor: open waitlist requests, and the last 7 days' offers, takes and missed visits. */
export async function getWaitlistOverview(api: ApiClient): Promise<WaitlistFigures[]> {
  return (await api.get<WaitlistOverviewReply>(`${BASE}/waitlist-overview`)).doctors;
}
