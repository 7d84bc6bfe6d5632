import { useEffect, useState, type ReactNode } from 'react';
import { formStyles } from '@carebook/shared/forms';
import { PHOTO_TYPES } from './use-doctor-form';
import styles from './doctor-form.module.css';

interface PhotoFieldProps {
  current: string;
  chosen: File | null;
  error: string | null;
  onChoose: (file: File | null) => void;
}

/** Photo picker (images only) with a preview of the chosen file before it is saved. */
export function PhotoField({ current, chosen, error, onChoose }: PhotoFieldProps): ReactNode {
  const [preview, setPreview] = useState('');
  useEffect(() => {
    if (!chosen) {
      setPreview('');
      return undefined;
    }
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const shown = preview || current;
  return (
    <div className={`${formStyles.field} ${styles.photoField}`}>
      <div className={styles.photoBox}>
        {shown ? <img src={shown} alt={preview ? 'Preview of the chosen photo' : 'Current photo'} /> : <span aria-hidden="true">No photo</span>}
      </div>
      <div>
        <label htmlFor="doctor-photo">Photo</label>
        <input
          id="doctor-photo"
          name="doctor-photo"
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className={styles.file}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'doctor-photo-hint doctor-photo-error' : 'doctor-photo-hint'}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        />
        <p id="doctor-photo-hint" className={formStyles.hint}>
          PNG, JPEG or WebP, up to 5 MB. A portrait works best.
        </p>
        {error && (
          <p id="doctor-photo-error" className={formStyles.error}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
