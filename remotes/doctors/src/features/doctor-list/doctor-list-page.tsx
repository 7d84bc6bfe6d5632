import type { ReactNode } from 'react';

export default function DoctorListPage(): ReactNode {
  return <h1>Browse doctors</h1>;
}
