import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { MadeOffer } from '../services/waitlist';

/** One `waitlist.offer` entry per offer a change made, naming the patient offered the time. */
export async function auditOffers(ctx: Pick<AppContext, 'audit'>, request: FastifyRequest, offers: readonly MadeOffer[]): Promise<void> {
  for (const offer of offers) {
    await ctx.audit(
      request,
      'waitlist.offer',
      { type: 'waitlist-offer', id: offer.offerId, patientId: offer.userId, doctorId: offer.doctorId },
      { slotDate: offer.slotDate, slotTime: offer.slotTime, requestId: offer.requestId },
    );
  }
}
