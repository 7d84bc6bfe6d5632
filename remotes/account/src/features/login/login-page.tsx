import type { ReactNode } from 'react';

export default function LoginPage(): ReactNode {
  return <h1>Login</h1>;
}
