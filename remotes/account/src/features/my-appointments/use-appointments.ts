import { getAppointments, type Appointment } from '@carebook/shared';
import { type PatientDataState, usePatientData } from '../../lib/use-patient-data';

export type AppointmentsState = PatientDataState<Appointment[]>;

/** The patient's appointments as the server orders them (newest first), reloadable after a change. */
export function useAppointments(): { state: AppointmentsState; reload: () => Promise<void> } {
  return usePatientData(getAppointments);
}
