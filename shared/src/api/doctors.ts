import type { ClinicInfo, ClinicReply, Doctor, DoctorsReply } from '../types';
import type { ApiClient } from './client';

export async function getDoctors(api: ApiClient): Promise<Doctor[]> {
  return (await api.get<DoctorsReply>('/api/v1/doctor/all-doctors')).doctors;
}

export async function getClinic(api: ApiClient): Promise<ClinicInfo> {
  return (await api.get<ClinicReply>('/api/v1/clinic')).clinic;
}
