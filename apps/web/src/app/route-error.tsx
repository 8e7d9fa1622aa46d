import { Component, type ReactNode } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { Link, useLocation } from 'react-router';
import { Button, buttonClass } from '../components/button.tsx';
import { AlertIcon } from '../components/shell-icons.tsx';

/** A chunk that failed to load (often after a new release) or a render error: offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger/10 text-danger">
        <AlertIcon size={28} />
      </span>
      <p className="text-[15px] text-soft">{t('common.load_fail')}</p>
      <div className="flex gap-3">
        <Button variant="ghost" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
        <Link to="/" className={buttonClass('gold')} reloadDocument>
          {t('common.go_home')}
        </Link>
      </div>
    </div>
  );
}

interface BoundaryProps {
  locationKey: string;
  children: ReactNode;
}

/** Catches a page's render error; the next navigation (another location key) tries again. */
class Boundary extends Component<BoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown) {
    this.setState({ failedAt: this.props.locationKey });
    console.error(error);
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    return state.failedAt && state.failedAt !== props.locationKey ? { failedAt: null } : null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/** The error boundary of a route (the data router's ErrorBoundary, for the declarative router). */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return <Boundary locationKey={useLocation().key}>{children}</Boundary>;
}
