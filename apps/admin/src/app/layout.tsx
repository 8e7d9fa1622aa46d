import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';
import { Badge, EmptyState, ErrorState, Skeleton } from '../components/feedback';
import { ChevronLeftIcon, CloseIcon, LogoMark, LogoutIcon, MenuIcon, ShieldIcon } from '../components/icons';
import { LanguageSwitcher } from '../components/language-switcher';
import { toast } from '../components/toaster';
import { errorMessage, isApiError, readToken } from '../lib/api-client';
import { hasPermission, mustEnrolSecondFactor, useLogout, useOperator } from '../lib/auth';
import type { Operator, Permission } from '../lib/types';
import { SECTIONS } from './navigation';

const COLLAPSED_STORAGE_KEY = 'admin_sidebar_collapsed';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="flex min-h-dvh items-center justify-center">
      <LogoMark className="animate-pulse" width={40} height={40} />
    </div>
  );
}

/** The signed-in frame: sidebar (only the sections the operator may open), top bar on phones, content. */
export function AdminLayout() {
  const location = useLocation();
  const hasToken = readToken() !== null;
  const me = useOperator();

  if (!hasToken) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (me.isPending) return <ShellSkeleton />;
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 401) return <FullPageLoader />;
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <ErrorState message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  // An operator who must enrol TOTP first sees only its security page (the server refuses the rest).
  if (mustEnrolSecondFactor(me.data) && location.pathname !== '/security') return <Navigate to="/security" replace />;
  return (
    <Shell operator={me.data}>
      <Outlet />
      <ScrollRestoration />
    </Shell>
  );
}

function Shell({ operator, children }: { operator: Operator; children: ReactNode }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_STORAGE_KEY) === '1');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: any navigation closes the phone drawer
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  function toggleCollapsed() {
    setCollapsed((value) => {
      localStorage.setItem(COLLAPSED_STORAGE_KEY, value ? '0' : '1');
      return !value;
    });
  }

  return (
    <div className="min-h-dvh bg-navy-950 bg-[radial-gradient(ellipse_at_top_right,rgba(245,196,81,0.05),transparent_45%)]">
      {navigation.state === 'loading' && (
        <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-gold-400/20">
          <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-gold-400" />
        </div>
      )}

      {/* Phone and tablet: a top bar with a menu button opening the sidebar as a drawer. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-white/5 bg-navy-900/95 px-3 backdrop-blur lg:hidden">
        <button
          type="button"
          className="btn-ghost size-9 px-0"
          aria-label={t('nav.open_menu')}
          aria-expanded={drawerOpen}
          aria-controls="admin-sidebar"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="flex items-center gap-2 font-semibold text-white">
          <LogoMark width={24} height={24} />
          {t('app.name')}
        </Link>
        <span className="ml-auto truncate text-xs text-slate-400">{operator.username}</span>
      </header>

      {drawerOpen && (
        <button
          type="button"
          aria-label={t('nav.close_menu')}
          className="fixed inset-0 z-40 bg-navy-950/70 backdrop-blur-sm lg:hidden"
          onClick={() => setDrawerOpen(false)}
        />
      )}

      <aside
        id="admin-sidebar"
        aria-label={t('nav.label')}
        className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-white/5 bg-navy-900 transition-[transform,width] duration-200 lg:translate-x-0 ${
          drawerOpen ? 'translate-x-0' : '-translate-x-full'
        } ${collapsed ? 'lg:w-[68px]' : 'lg:w-60'}`}
      >
        <Sidebar operator={operator} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} onCloseDrawer={() => setDrawerOpen(false)} />
      </aside>

      <main className={`min-w-0 transition-[padding] duration-200 ${collapsed ? 'lg:pl-[68px]' : 'lg:pl-60'}`} id="main-content">
        <div className="mx-auto w-full max-w-[1400px] px-3 py-5 sm:px-6 lg:px-8 lg:py-7">{children}</div>
      </main>
    </div>
  );
}

function Sidebar({
  operator,
  collapsed,
  onToggleCollapsed,
  onCloseDrawer,
}: {
  operator: Operator;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onCloseDrawer: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const sections = mustEnrolSecondFactor(operator)
    ? []
    : SECTIONS.filter((s) => s.permission === null || hasPermission(operator, s.permission));
  // Collapsing is a desktop affordance; the phone drawer always shows labels.
  const hideLabels = collapsed ? 'lg:sr-only' : '';

  function signOut() {
    logout.mutate(undefined, {
      onSettled: (result) => {
        if (result?.message) toast.success(result.message);
        void navigate('/login', { replace: true });
      },
    });
  }

  return (
    <div className="flex h-full flex-col">
      <div className={`flex h-16 items-center gap-2.5 border-b border-white/5 px-4 ${collapsed ? 'lg:justify-center lg:px-0' : ''}`}>
        <LogoMark />
        <div className={`min-w-0 flex-1 ${hideLabels}`}>
          <p className="truncate text-sm font-semibold text-white">{t('app.name')}</p>
          <p className="truncate text-[11px] uppercase tracking-wider text-gold-400/80">{t('app.tagline')}</p>
        </div>
        <button type="button" className="btn-ghost size-8 px-0 lg:hidden" aria-label={t('nav.close_menu')} onClick={onCloseDrawer}>
          <CloseIcon />
        </button>
      </div>

      <nav className="flex-1 overflow-y-auto px-2.5 py-4">
        {sections.length > 0 && (
          <p className={`mb-2 px-2 text-[11px] font-semibold uppercase tracking-wider text-slate-500 ${hideLabels}`}>{t('nav.sections')}</p>
        )}
        <ul className="space-y-0.5">
          {sections.map(({ path, labelKey, icon: Icon, badge: SectionBadge }) => (
            <li key={path}>
              <NavLink
                to={path}
                title={collapsed ? t(labelKey) : undefined}
                className={({ isActive }) =>
                  `group relative flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition-colors ${
                    collapsed ? 'lg:justify-center lg:px-0' : ''
                  } ${
                    isActive
                      ? 'bg-gold-400/10 text-gold-300 before:absolute before:inset-y-1.5 before:left-0 before:w-0.5 before:rounded-full before:bg-gold-400'
                      : 'text-slate-300 hover:bg-white/5 hover:text-white'
                  }`
                }
              >
                <Icon className="shrink-0" />
                <span className={hideLabels}>{t(labelKey)}</span>
                {SectionBadge ? <SectionBadge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-3 border-t border-white/5 p-3">
        <div className={`flex items-center gap-2.5 ${collapsed ? 'lg:justify-center' : ''}`}>
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-navy-700 text-xs font-semibold uppercase text-gold-300"
          >
            {operator.username.slice(0, 2)}
          </span>
          <div className={`min-w-0 flex-1 ${hideLabels}`}>
            <p className="truncate text-sm font-medium text-white" data-testid="operator-name">
              {operator.username}
            </p>
            <Badge tone="gold">{t(`roles.${operator.role}`, { defaultValue: operator.role })}</Badge>
          </div>
        </div>
        <NavLink
          to="/security"
          title={collapsed ? t('nav.security') : undefined}
          className={({ isActive }) =>
            `flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium transition-colors ${collapsed ? 'lg:justify-center lg:px-0' : ''} ${
              isActive ? 'bg-gold-400/10 text-gold-300' : 'text-slate-300 hover:bg-white/5 hover:text-white'
            }`
          }
        >
          <ShieldIcon className="shrink-0" width={16} height={16} />
          <span className={hideLabels}>{t('nav.security')}</span>
        </NavLink>
        <LanguageSwitcher className={collapsed ? 'lg:hidden' : ''} />
        <div className={`flex gap-2 ${collapsed ? 'lg:flex-col' : ''}`}>
          <button
            type="button"
            className={`btn-secondary flex-1 ${collapsed ? 'lg:flex-none lg:px-0' : ''}`}
            onClick={signOut}
            disabled={logout.isPending}
            aria-label={t('nav.logout')}
            title={t('nav.logout')}
          >
            <LogoutIcon width={16} height={16} />
            <span className={hideLabels}>{t('nav.logout')}</span>
          </button>
          <button
            type="button"
            className="btn-ghost hidden px-2.5 lg:inline-flex"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('nav.expand_sidebar') : t('nav.collapse_sidebar')}
            title={collapsed ? t('nav.expand_sidebar') : t('nav.collapse_sidebar')}
            aria-pressed={collapsed}
          >
            <ChevronLeftIcon width={16} height={16} className={collapsed ? 'rotate-180' : ''} />
          </button>
        </div>
      </div>
    </div>
  );
}

function ShellSkeleton() {
  return (
    <div className="min-h-dvh bg-navy-950 lg:pl-60">
      <div className="fixed inset-y-0 left-0 hidden w-60 flex-col gap-3 border-r border-white/5 bg-navy-900 p-4 lg:flex">
        <Skeleton className="h-8 w-36" />
        <Skeleton className="mt-6 h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
      <div className="mx-auto max-w-[1400px] space-y-4 px-3 py-7 sm:px-6 lg:px-8">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

/** Sends the operator to the first section it may open. */
export function HomeRedirect() {
  const { t } = useTranslation();
  const { data } = useOperator();
  const first = SECTIONS.find((s) => s.permission === null || hasPermission(data, s.permission));
  if (first) return <Navigate to={first.path} replace />;
  return <EmptyState title={t('nav.no_sections')} hint={t('nav.no_sections_hint')} />;
}

export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const { data } = useOperator();
  if (!hasPermission(data, permission)) {
    return (
      <div className="card">
        <EmptyState title={t('errors.forbidden_title')} hint={t('errors.forbidden_hint')} />
      </div>
    );
  }
  return <>{children}</>;
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <EmptyState title={t('errors.not_found_title')} hint={t('errors.not_found_hint')} />
      <div className="flex justify-center pb-10">
        <Link to="/" className="btn-secondary">
          {t('common.go_home')}
        </Link>
      </div>
    </div>
  );
}
