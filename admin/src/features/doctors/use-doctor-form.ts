import { useState, type FormEvent } from 'react';
import { useNavigate } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import {
  DOCTOR_FIELDS,
  errorMessage,
  LIMITS,
  MESSAGES,
  validateDoctor,
  type Doctor,
  type DoctorErrors,
  type DoctorField,
  type DoctorInput,
} from '@carebook/shared';
import { addDoctor, updateDoctor } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';

/** The image types the API accepts (it checks the bytes too). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const EMPTY_DOCTOR: DoctorInput = {
  name: '',
  specialization: '',
  degree: '',
  experience: '',
  about: '',
  fees: '',
  line1: '',
  line2: '',
  location: '',
};

export function doctorInput(doctor: Doctor): DoctorInput {
  return {
    name: doctor.name,
    specialization: doctor.specialization,
    degree: doctor.degree,
    experience: doctor.experience ?? '',
    about: doctor.about,
    fees: String(doctor.fees),
    line1: doctor.address.line1,
    line2: doctor.address.line2,
    location: doctor.location ?? '',
  };
}

/** `null` when the file may be sent; a photo is required for a new doctor (cards show it). */
export function photoProblem(photo: File | null, required: boolean): string | null {
  if (!photo) return required ? MESSAGES.photoRequired : null;
  if (!(PHOTO_TYPES as readonly string[]).includes(photo.type)) return MESSAGES.invalidImage;
  if (photo.size > LIMITS.imageMaxBytes) return MESSAGES.imageTooLarge;
  return null;
}

export type FocusTarget = DoctorField | 'photo';

/**
 * The add / edit doctor form: the shared doctor rules before any call, then one multipart call.
 * Editing sends every field, so what the admin sees is what is saved.
 */
export function useDoctorForm(options: { doctor: Doctor | null; focus: (target: FocusTarget) => void }) {
  const { doctor, focus } = options;
  const { api } = useAdminSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<DoctorInput>(() => (doctor ? doctorInput(doctor) : EMPTY_DOCTOR));
  const [errors, setErrors] = useState<DoctorErrors>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);

  function change(field: DoctorField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function choosePhoto(file: File | null): void {
    setPhoto(file);
    setPhotoError(file ? photoProblem(file, false) : null);
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (saving) return;
    const found = validateDoctor(values);
    const photoFound = photoProblem(photo, doctor === null);
    setErrors(found);
    setPhotoError(photoFound);
    setFailure('');
    const first = DOCTOR_FIELDS.find((field) => found[field]);
    if (first || photoFound) {
      focus(first ?? 'photo');
      return;
    }
    setSaving(true);
    const write = {
      ...values,
      address: { line1: values.line1, line2: values.line2 },
      image: photo ?? undefined,
    };
    try {
      const reply = doctor ? await updateDoctor(api, doctor._id, write) : await addDoctor(api, write);
      toast.success(reply.message ?? (doctor ? MESSAGES.doctorUpdated : MESSAGES.doctorAdded));
      navigate('/doctors');
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.unexpectedError));
      setSaving(false);
    }
  }

  return { values, errors, photo, photoError, failure, saving, change, choosePhoto, submit };
}
