import { getWaitlist, type WaitlistEntry } from '@carebook/shared';
import { type PatientDataState, usePatientData } from '../../lib/use-patient-data';

export type WaitlistState = PatientDataState<WaitlistEntry[]>;

/** The patient's open requests for an earlier time, reloadable after asking or ending one. */
export function useWaitlist(): { state: WaitlistState; reload: () => Promise<void> } {
  return usePatientData(getWaitlist);
}
