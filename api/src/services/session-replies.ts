import type { SessionRecord } from './sessions';

/** A session as the wire contract's `sessionSchema` describes it; `current` marks the caller's own. */
export function toSessionReply(session: SessionRecord, currentId: string | null) {
  return {
    id: session.id,
    current: session.id === currentId,
    userAgent: session.userAgent,
    ip: session.ip,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}
