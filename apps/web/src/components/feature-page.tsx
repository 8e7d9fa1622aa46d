import type { ReactNode } from 'react';
import { useIsLoggedIn } from '../lib/session.ts';
import { EmptyState } from './empty-state.tsx';
import { LoginRequired } from './login-required.tsx';
import { PageHeader } from './page-header.tsx';

type FeaturePageProps = {
  title: string;
  /** The spec's empty text for this page. */
  emptyText: string;
  /** Member-only pages ask a visitor to log in. */
  gated?: boolean;
  back?: boolean;
  children?: ReactNode;
};

/**
 * A page whose feature arrives in a later release: title plus the spec's empty state, or the
 * log-in prompt on a member-only page. It never shows invented data.
 */
export function FeaturePage({ title, emptyText, gated = false, back = true, children }: FeaturePageProps) {
  const loggedIn = useIsLoggedIn();
  return (
    <section>
      <PageHeader title={title} back={back} />
      {gated && !loggedIn ? (
        <LoginRequired />
      ) : (
        <div className="flex flex-col gap-4">
          {children}
          <EmptyState text={emptyText} />
        </div>
      )}
    </section>
  );
}
