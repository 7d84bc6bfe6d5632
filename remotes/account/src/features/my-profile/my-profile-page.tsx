import type { ReactNode } from 'react';

export default function MyProfilePage(): ReactNode {
  return <h1>My Profile</h1>;
}
