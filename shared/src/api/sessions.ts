import type { ChangePasswordRequest, MessageReply, Session, SessionsEndedReply, SessionsReply } from '../types';
import type { ApiClient } from './client';

/** The logged-in patient's open sessions (devices), the current one marked. */
export async function getSessions(api: ApiClient): Promise<Session[]> {
  return (await api.get<SessionsReply>('/api/v1/user/sessions')).sessions;
}

/** Logs one of the patient's devices out; its next call gets 401. */
export function revokeSession(api: ApiClient, sessionId: string): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/revoke-session', { sessionId });
}

/** Ends this session on the server (logging out); its token is refused from then on. */
export function endSession(api: ApiClient): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/logout', {});
}

/** Logs out every device but this one. */
export function revokeOtherSessions(api: ApiClient): Promise<SessionsEndedReply> {
  return api.post<SessionsEndedReply>('/api/v1/user/revoke-other-sessions', {});
}

/** Changes the password; every other session ends, this one stays. */
export function changePassword(api: ApiClient, body: ChangePasswordRequest): Promise<SessionsEndedReply> {
  return api.post<SessionsEndedReply>('/api/v1/user/change-password', body);
}
