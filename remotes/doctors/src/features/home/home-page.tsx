import type { ReactNode } from 'react';

export default function HomePage(): ReactNode {
  return <h1>Book an appointment with a trusted doctor</h1>;
}
