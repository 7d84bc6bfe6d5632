import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import type { MadeOffer } from '../services/waitlist';
import type { Audit } from './audit';

/**
 * One `waitlist.offer` entry per offer a change made, naming the patient offered the time, in the
 * change's own transaction (an offer and its entry commit together).
 */
export async function auditOffers(ctx: { audit: Audit }, tx: Queryable, request: FastifyRequest, offers: readonly MadeOffer[]): Promise<void> {
  for (const offer of offers) {
    await ctx.audit.within(
      tx,
      request,
      'waitlist.offer',
      { type: 'waitlist-offer', id: offer.offerId, patientId: offer.userId, doctorId: offer.doctorId },
      { slotDate: offer.slotDate, slotTime: offer.slotTime, requestId: offer.requestId },
    );
  }
}
