import type { Address, AdminAppointment, Appointment, AppointmentDoctor, Doctor, Gender, Specialization, UserProfile } from '@carebook/shared';
import type { AdminAppointmentRow, AppointmentRow, PatientAppointmentRow } from '../repositories/appointments-repository';
import type { DoctorRow } from '../repositories/doctors-repository';
import type { UserRow } from '../repositories/users-repository';

/** Stored image paths are relative (`/uploads/x.webp`); replies carry absolute URLs for other origins. */
export function absoluteUrl(publicUrl: string, stored: string): string {
  return stored === '' || /^https?:\/\//.test(stored) ? stored : `${publicUrl}${stored}`;
}

function address(line1: string, line2: string): Address {
  return { line1, line2 };
}

/** A doctor as the site reads it; never the email. */
export function toDoctor(publicUrl: string, row: DoctorRow, slotsBooked: Record<string, string[]>): Doctor {
  const doctor: Doctor = {
    _id: row.id,
    name: row.name,
    image: absoluteUrl(publicUrl, row.image),
    specialization: row.specialization as Specialization,
    degree: row.degree,
    about: row.about,
    fees: row.fees,
    fee: row.fees,
    available: row.available,
    address: address(row.address_line1, row.address_line2),
    slots_booked: slotsBooked,
    schedule: row.schedule,
  };
  if (row.experience) doctor.experience = row.experience;
  if (row.location) doctor.location = row.location;
  return doctor;
}

/** The snapshot kept on an appointment; the image stays relative in storage. */
export function toDocData(row: DoctorRow): AppointmentDoctor {
  return {
    _id: row.id,
    name: row.name,
    image: row.image,
    specialization: row.specialization,
    address: address(row.address_line1, row.address_line2),
    fees: row.fees,
  };
}

export function toProfile(publicUrl: string, row: UserRow): UserProfile {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    image: absoluteUrl(publicUrl, row.image),
    address: address(row.address_line1, row.address_line2),
    gender: row.gender as Gender,
    dob: row.dob,
  };
}

export function toAppointment(publicUrl: string, row: AppointmentRow): Appointment {
  return {
    _id: row.id,
    docId: row.doctor_id,
    slotDate: row.slot_date,
    slotTime: row.slot_time,
    docData: { ...row.doc_data, image: absoluteUrl(publicUrl, row.doc_data.image) },
    amount: row.amount,
    date: new Date(row.created_at).getTime(),
    cancelled: row.cancelled,
    payment: row.payment,
    isCompleted: row.is_completed,
  };
}

/**
 * What the patient is shown about a schedule change that left the visit outside the doctor's
 * times: `'ask'` while it waits for their answer, `'kept'` once kept at its time; a move ends it.
 */
export function outsideHoursOf(row: PatientAppointmentRow): Appointment['outsideHours'] {
  if (row.cancelled || row.is_completed) return null;
  if (row.stranded_held) return 'ask';
  return row.stranded_answer === 'kept-by-patient' || row.stranded_answer === 'kept-by-staff' ? 'kept' : null;
}

/** For the admin panel: the appointment plus who booked it. */
export function toAdminAppointment(publicUrl: string, row: AdminAppointmentRow): AdminAppointment {
  return {
    ...toAppointment(publicUrl, row),
    userId: row.user_id,
    missed: row.missed_at !== null,
    patientMissed: row.patient_missed,
    userData: {
      _id: row.user_id,
      name: row.user_name,
      email: row.user_email,
      phone: row.user_phone,
      image: absoluteUrl(publicUrl, row.user_image),
    },
    stranded:
      row.stranded_told_at === null
        ? null
        : { toldAt: new Date(row.stranded_told_at).getTime(), held: row.stranded_held, answer: row.stranded_answer },
  };
}
