import type { ReactNode } from 'react';

export default function DoctorPage(): ReactNode {
  return <h1>Doctor</h1>;
}
