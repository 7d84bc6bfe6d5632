import type { ApiClient, AuditReply, MessageReply, Session, SessionsEndedReply, SessionsReply } from '@carebook/shared';

export type { AuditEntry, Session } from '@carebook/shared';

/** The activity filters; empty parts mean "any". `day` is `YYYY-MM-DD` in the clinic's calendar. */
export interface AuditQuery {
  patientId?: string;
  docId?: string;
  appointmentId?: string;
  action?: string;
  day?: string;
  /** The `nextBefore` of the previous page. */
  before?: number;
  limit?: number;
}

const BASE = '/api/v1/admin';

export function getAudit(api: ApiClient, query: AuditQuery = {}): Promise<AuditReply> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return api.get<AuditReply>(`${BASE}/audit${search ? `?${search}` : ''}`);
}

export async function getPatientSessions(api: ApiClient, userId: string): Promise<Session[]> {
  return (await api.get<SessionsReply>(`${BASE}/patient-sessions?userId=${encodeURIComponent(userId)}`)).sessions;
}

/** Ends one of the patient's sessions, or all of them without `sessionId`. */
export function revokePatientSessions(api: ApiClient, userId: string, sessionId?: string): Promise<SessionsEndedReply> {
  return api.post<SessionsEndedReply>(`${BASE}/revoke-patient-sessions`, sessionId ? { userId, sessionId } : { userId });
}

/** Ends the admin's current session on the server (logging out). */
export function endAdminSession(api: ApiClient): Promise<MessageReply> {
  return api.post<MessageReply>(`${BASE}/logout`, {});
}

export async function getAdminSessions(api: ApiClient): Promise<Session[]> {
  return (await api.get<SessionsReply>(`${BASE}/sessions`)).sessions;
}

export function revokeAdminSession(api: ApiClient, sessionId: string): Promise<MessageReply> {
  return api.post<MessageReply>(`${BASE}/revoke-session`, { sessionId });
}
