import { useEffect, useState, type ReactNode } from 'react';
import { formStyles } from '@carebook/shared/forms';
import { ProfilePhoto } from './profile-photo';
import { PHOTO_TYPES } from './use-profile-form';
import styles from './my-profile-page.module.css';

interface PhotoFieldProps {
  id: string;
  name: string;
  current: string;
  chosen: File | null;
  error?: string;
  onChoose: (file: File | null) => void;
}

/** Photo picker (images only) with a preview of the chosen file before it is saved. */
export function PhotoField({ id, name, current, chosen, error, onChoose }: PhotoFieldProps): ReactNode {
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

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`${formStyles.field} ${styles.photoField}`}>
      <ProfilePhoto src={preview || current} name={name} alt={preview ? 'Preview of the new photo' : `Photo of ${name}`} />
      <div className={styles.photoControls}>
        <label htmlFor={id}>Photo</label>
        <input
          id={id}
          name={id}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className={styles.fileInput}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        />
        <p id={hintId} className={styles.hint}>
          PNG, JPEG or WebP, up to 5 MB.
        </p>
        {error && (
          <p id={errorId} className={formStyles.error}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
