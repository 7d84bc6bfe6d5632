import { SPECIALIZATIONS, type Doctor, type Specialization } from '@carebook/shared';

/**
 * The specialization a `/doctors/:speciality` segment names, matched without regard to case
 * (`/doctors/dermatologist` works too). `undefined` when the segment is absent, `null` when it
 * names no specialization we offer (the list is then empty, not silently unfiltered).
 */
export function specializationFromParam(param: string | undefined): Specialization | null | undefined {
  if (param === undefined || param === '') return undefined;
  const wanted = param.trim().toLowerCase();
  return SPECIALIZATIONS.find((name) => name.toLowerCase() === wanted) ?? null;
}

export interface DoctorFilter {
  /** Free text matched against name and specialization, case-insensitive, trimmed. */
  search: string;
  /** `undefined`: all; `null`: an unknown specialization, which matches nobody. */
  specialization: Specialization | null | undefined;
}

export function filterDoctors(doctors: readonly Doctor[], { search, specialization }: DoctorFilter): Doctor[] {
  if (specialization === null) return [];
  const query = search.trim().toLowerCase();
  return doctors.filter(
    (doctor) =>
      (specialization === undefined || doctor.specialization === specialization) &&
      (query === '' ||
        doctor.name.toLowerCase().includes(query) ||
        doctor.specialization.toLowerCase().includes(query)),
  );
}
