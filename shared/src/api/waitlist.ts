import type { EarlierTimeOffer, MessageReply, OfferReply, OfferTakenReply, WaitlistEntry, WaitlistListReply, WaitlistReply, WaitlistRequest } from '../types';
import type { ApiClient } from './client';

/** "Notify me of an earlier time" with a doctor: by default any earlier time; the rest narrows it. */
export function requestEarlierTime(api: ApiClient, body: WaitlistRequest): Promise<WaitlistReply> {
  return api.post<WaitlistReply>('/api/v1/user/waitlist', body);
}

/** The patient's open requests for an earlier time. */
export async function getWaitlist(api: ApiClient): Promise<WaitlistEntry[]> {
  return (await api.get<WaitlistListReply>('/api/v1/user/waitlist')).requests;
}

export function endWaitlistRequest(api: ApiClient, requestId: string): Promise<MessageReply> {
  return api.post<MessageReply>('/api/v1/user/waitlist-end', { requestId });
}

/** The offered time behind an "An earlier time" email's link. */
export async function getEarlierTimeOffer(api: ApiClient, offerId: string): Promise<EarlierTimeOffer> {
  const params = new URLSearchParams({ offerId });
  return (await api.get<OfferReply>(`/api/v1/user/waitlist-offer?${params.toString()}`)).offer;
}

/** "Take this time": moves the patient's visit there (or books it); 409 when someone was first. */
export function takeEarlierTime(api: ApiClient, offerId: string): Promise<OfferTakenReply> {
  return api.post<OfferTakenReply>('/api/v1/user/waitlist-take', { offerId });
}
