import { useState, type ReactNode } from 'react';
import { MESSAGES, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { formStyles } from '@carebook/shared/forms';
import { VisitorNotice } from '../../components/visitor-notice';
import { AccountSecurity } from '../account-security/account-security';
import { ProfileForm } from './profile-form';
import { ProfileView } from './profile-view';
import styles from './my-profile-page.module.css';

/** The patient's own profile, in view mode or edit mode (SPEC.md sections 2-4). */
export default function MyProfilePage(): ReactNode {
  const { token, user, userStatus, reloadUser } = useApp();
  const [editing, setEditing] = useState(false);

  if (!token) return <VisitorNotice title="My Profile" message={MESSAGES.loginToViewProfile} returnTo={ROUTES.myProfile} />;

  return (
    <section className={styles.page} aria-labelledby="profile-title">
      <h1 id="profile-title">My Profile</h1>
      {user ? (
        editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <>
            <ProfileView user={user} onEdit={() => setEditing(true)} />
            <AccountSecurity />
          </>
        )
      ) : userStatus === 'error' ? (
        <div className={styles.state}>
          <p role="alert">Your profile could not be loaded.</p>
          <button type="button" className={formStyles.secondary} onClick={() => void reloadUser()}>
            Try again
          </button>
        </div>
      ) : (
        <p role="status" className={styles.state}>
          Loading your profile...
        </p>
      )}
    </section>
  );
}
