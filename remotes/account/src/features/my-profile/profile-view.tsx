import type { ReactNode } from 'react';
import type { UserProfile } from '@carebook/shared';
import { formStyles } from '@carebook/shared/forms';
import { ProfilePhoto } from './profile-photo';
import styles from './my-profile-page.module.css';

function show(value: string): string {
  return value.trim() || 'Not provided';
}

/** Read-only profile with the button into edit mode. */
export function ProfileView({ user, onEdit }: { user: UserProfile; onEdit: () => void }): ReactNode {
  const address = [user.address.line1, user.address.line2].filter((line) => line.trim()).join(', ');
  const rows: Array<[string, string]> = [
    ['Email', user.email],
    ['Phone', show(user.phone)],
    ['Address', show(address)],
    ['Gender', show(user.gender)],
    ['Date of birth', show(user.dob)],
  ];
  return (
    <div className={styles.card}>
      <div className={styles.identity}>
        <ProfilePhoto src={user.image} name={user.name} />
        <p className={styles.name}>{user.name}</p>
      </div>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className={formStyles.primary} onClick={onEdit}>
        Edit profile
      </button>
    </div>
  );
}
