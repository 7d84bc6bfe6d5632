import { useState, type FormEvent } from 'react';
import { toast } from '@carebook/shared/toasts';
import {
  clinicToday,
  errorMessage,
  LIMITS,
  MESSAGES,
  updateProfile,
  validateProfile,
  type UserProfile,
} from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type ProfileField = 'name' | 'phone' | 'line1' | 'line2' | 'gender' | 'dob' | 'photo';
type Values = Record<Exclude<ProfileField, 'photo'>, string>;

/** Field order on screen: focus goes to the first field that has an error. */
export const PROFILE_FIELDS: readonly ProfileField[] = ['photo', 'name', 'phone', 'line1', 'line2', 'gender', 'dob'];

/** The photo rule the server applies by content, checked here by type and size first. */
export function checkPhoto(file: File): string | undefined {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return MESSAGES.invalidImage;
  if (file.size > LIMITS.imageMaxBytes) return MESSAGES.imageTooLarge;
  return undefined;
}

/** Edit-mode state: validation before the call, then the multipart update of SPEC.md section 7. */
export function useProfileForm(user: UserProfile, onDone: () => void, focusField: (field: ProfileField) => void) {
  const { api, clinic, reloadUser } = useApp();
  const [values, setValues] = useState<Values>({
    name: user.name,
    phone: user.phone,
    line1: user.address.line1,
    line2: user.address.line2,
    gender: user.gender,
    dob: user.dob,
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [saving, setSaving] = useState(false);

  function change(field: keyof Values, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function choosePhoto(file: File | null): void {
    const problem = file ? checkPhoto(file) : undefined;
    setErrors((current) => ({ ...current, photo: problem }));
    setPhoto(problem ? null : file);
  }

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (saving) return;
    const input = {
      name: values.name,
      phone: values.phone,
      address: { line1: values.line1, line2: values.line2 },
      gender: values.gender,
      dob: values.dob,
    };
    const found: Partial<Record<ProfileField, string>> = {
      ...validateProfile(input, clinicToday(new Date(), clinic?.timeZone ?? 'UTC')),
      photo: errors.photo,
    };
    setErrors(found);
    const first = PROFILE_FIELDS.find((field) => found[field]);
    if (first) {
      focusField(first);
      return;
    }
    setSaving(true);
    try {
      await updateProfile(api, {
        ...input,
        name: input.name.trim(),
        phone: input.phone.trim(),
        email: user.email,
        image: photo ?? undefined,
      });
      setSaving(false);
      onDone();
      await reloadUser();
      toast.success(MESSAGES.profileUpdated);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
      setSaving(false);
    }
  }

  return { values, photo, errors, saving, change, choosePhoto, save };
}
