import type { Appointment, Doctor } from '@carebook/shared';
import { get, post, type Reply } from './http';
import { ADMIN, type TestEnv } from './test-app';

let counter = 0;

/** Registers a new patient and returns their token. */
export async function registerPatient(env: TestEnv, name = 'Test Patient'): Promise<string> {
  counter += 1;
  const res = await post<{ token: string }>(env.app, '/api/v1/user/register', {
    name,
    email: `patient-${process.pid}-${counter}@example.com`,
    password: 'secret1',
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.body.message}`);
  return res.body.token;
}

/** Books a slot and returns the new appointment's id; throws when the booking is refused. */
export async function bookSlot(env: TestEnv, token: string, docId: string, slotDate: string, slotTime: string): Promise<string> {
  const res = await post<{ appointmentId: string }>(env.app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token);
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${res.body.message}`);
  return res.body.appointmentId;
}

export async function adminCall(env: TestEnv, path: string, body: object): Promise<Reply> {
  const login = await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN);
  return post(env.app, path, body, login.body.token);
}

export async function myAppointments(env: TestEnv, token: string): Promise<Appointment[]> {
  return (await get<{ appointments: Appointment[] }>(env.app, '/api/v1/user/appointments', token)).body.appointments;
}

export async function allDoctors(env: TestEnv): Promise<Doctor[]> {
  return (await get<{ doctors: Doctor[] }>(env.app, '/api/v1/doctor/all-doctors')).body.doctors;
}

export async function doctor(env: TestEnv, docId: string): Promise<Doctor> {
  const found = (await allDoctors(env)).find((d) => d._id === docId);
  if (!found) throw new Error(`no doctor ${docId}`);
  return found;
}

/** Logs the clinic's admin in and returns the token. */
export async function adminToken(env: TestEnv): Promise<string> {
  const res = await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.body.message}`);
  return res.body.token;
}

/** Asks to book a slot and returns the reply, refusals included. */
export function book(env: TestEnv, token: string, docId: string, slotDate: string, slotTime: string): Promise<Reply> {
  return post(env.app, '/api/v1/user/book-appointment', { docId, slotDate, slotTime }, token);
}

/**
 * A new patient's token and the admin's, for the describe block it is called in: filled in before
 * its first test. Call it after `useTestEnv`, whose app it uses.
 */
export function useSignedIn(env: TestEnv): { patient: string; admin: string } {
  const tokens = { patient: '', admin: '' };
  beforeAll(async () => {
    tokens.patient = await registerPatient(env);
    tokens.admin = await adminToken(env);
  });
  return tokens;
}
