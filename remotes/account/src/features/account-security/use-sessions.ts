import { getSessions, type Session } from '@carebook/shared';
import { type PatientDataState, usePatientData } from '../../lib/use-patient-data';

export type SessionsState = PatientDataState<Session[]>;

/** The patient's open sessions, reloadable after one is ended or the password changed. */
export function useSessions(): { state: SessionsState; reload: () => Promise<void> } {
  return usePatientData(getSessions);
}
