import type { ReactNode } from 'react';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useIsLoggedIn } from '../../lib/session.ts';

/** Frame of the security centre's pages: title, and the log-in prompt for a visitor. */
export function SecurityPage({ title, children }: { title: string; children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col">
      <PageHeader title={title} />
      {loggedIn ? children : <LoginRequired />}
    </section>
  );
}
