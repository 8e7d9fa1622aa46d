import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { toast } from '../components/toaster';
import { i18next } from '../lib/i18n';
import type { Permission } from '../lib/types';
import { AdminLayout, FullPageLoader, HomeRedirect, NotFound, RequirePermission } from './layout';

/** A pathless route that lets its children render only for operators holding `permission`. */
function gate(permission: Permission, children: RouteObject[]): RouteObject {
  return {
    element: (
      <RequirePermission permission={permission}>
        <Outlet />
      </RequirePermission>
    ),
    children,
  };
}

/** The server hosts the back office here (vite `base` is the same). */
const BASENAME = '/admin';

const router = createBrowserRouter(
  [
    {
      path: '/login',
      HydrateFallback: FullPageLoader,
      lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }),
    },
    {
      path: '/',
      Component: AdminLayout,
      HydrateFallback: FullPageLoader,
      children: [
        { index: true, Component: HomeRedirect },
        {
          // The landing page after login (issue 15 item 8): every operator; each section needs its report's permission.
          path: 'dashboard',
          lazy: async () => ({ Component: (await import('../features/dashboard/components/dashboard-page')).DashboardPage }),
        },
        {
          // Every operator's own security page (no permission): TOTP and recovery codes.
          path: 'security',
          lazy: async () => ({ Component: (await import('../features/security/components/security-page')).SecurityPage }),
        },
        gate('members.read', [
          {
            path: 'members',
            lazy: async () => ({ Component: (await import('../features/members/components/members-page')).MembersPage }),
          },
          {
            path: 'members/:id',
            lazy: async () => ({ Component: (await import('../features/members/components/member-page')).MemberPage }),
          },
        ]),
        gate('withdrawals.review', [
          {
            path: 'withdrawals',
            lazy: async () => ({
              Component: (await import('../features/withdrawal-review/components/withdrawals-page')).WithdrawalsPage,
            }),
          },
        ]),
        gate('deposits.read', [
          {
            path: 'deposits',
            lazy: async () => ({ Component: (await import('../features/deposits/components/deposits-page')).DepositsPage }),
          },
        ]),
        gate('kyc.review', [
          {
            path: 'kyc',
            lazy: async () => ({ Component: (await import('../features/kyc/components/kyc-queue-page')).KycQueuePage }),
          },
        ]),
        gate('kyc.registry', [
          {
            path: 'cpf-registry',
            lazy: async () => ({ Component: (await import('../features/kyc/components/cpf-registry-page')).CpfRegistryPage }),
          },
        ]),
        gate('support.inbox', [
          {
            // The support chat inbox (issue 15 item 6).
            path: 'support',
            lazy: async () => ({ Component: (await import('../features/support/components/support-page')).SupportPage }),
          },
        ]),
        gate('responsible.read', [
          {
            path: 'responsible',
            lazy: async () => ({ Component: (await import('../features/responsible/components/responsible-page')).ResponsiblePage }),
          },
        ]),
        gate('channels.manage', [
          {
            path: 'payment-channels',
            lazy: async () => ({ Component: (await import('../features/payment-channels/components/channels-page')).ChannelsPage }),
          },
        ]),
        gate('games.read', [
          {
            path: 'games',
            lazy: async () => ({ Component: (await import('../features/games/components/games-page')).GamesPage }),
          },
          {
            path: 'game-providers',
            lazy: async () => ({ Component: (await import('../features/games/components/providers-page')).ProvidersPage }),
          },
          {
            path: 'game-results',
            lazy: async () => ({ Component: (await import('../features/games/components/game-results-page')).GameResultsPage }),
          },
        ]),
        gate('rounds.read', [
          {
            path: 'game-rounds',
            lazy: async () => ({ Component: (await import('../features/games/components/round-lookup-page')).RoundLookupPage }),
          },
        ]),
        gate('sports.read', [
          {
            path: 'sports/fixtures',
            lazy: async () => ({ Component: (await import('../features/sports/components/fixtures-page')).FixturesPage }),
          },
          {
            path: 'sports/fixtures/:id',
            lazy: async () => ({ Component: (await import('../features/sports/components/fixture-page')).FixturePage }),
          },
          {
            path: 'sports/liability',
            lazy: async () => ({ Component: (await import('../features/sports/components/liability-page')).LiabilityPage }),
          },
          {
            path: 'sports/competitions',
            lazy: async () => ({ Component: (await import('../features/sports/components/competitions-page')).CompetitionsPage }),
          },
          {
            path: 'sports/report',
            lazy: async () => ({ Component: (await import('../features/sports/components/report-page')).ReportPage }),
          },
          {
            path: 'sports/settings',
            lazy: async () => ({ Component: (await import('../features/sports/components/settings-page')).SettingsPage }),
          },
        ]),
        gate('promotions.read', [
          {
            path: 'activities',
            lazy: async () => ({ Component: (await import('../features/promotions/components/activities-page')).ActivitiesPage }),
          },
          {
            path: 'bonus-claims',
            lazy: async () => ({ Component: (await import('../features/promotions/components/claims-page')).ClaimsPage }),
          },
          {
            path: 'promotions-report',
            lazy: async () => ({ Component: (await import('../features/promotions/components/report-page')).ReportPage }),
          },
          {
            path: 'redeem-codes',
            lazy: async () => ({ Component: (await import('../features/promotions/components/redeem-codes-page')).RedeemCodesPage }),
          },
          {
            // The chat rain's settings and history (issue 15 item 2).
            path: 'rain',
            lazy: async () => ({ Component: (await import('../features/rain/components/rain-page')).RainPage }),
          },
        ]),
        gate('promotions.read', [
          {
            path: 'vip-levels',
            lazy: async () => ({ Component: (await import('../features/vip/components/vip-levels-page')).VipLevelsPage }),
          },
          {
            path: 'rebate-rates',
            lazy: async () => ({ Component: (await import('../features/vip/components/rebate-rates-page')).RebateRatesPage }),
          },
        ]),
        gate('agency.manage', [
          {
            path: 'agency-rates',
            lazy: async () => ({ Component: (await import('../features/agency/components/agency-rates-page')).AgencyRatesPage }),
          },
          {
            path: 'agency-settlements',
            lazy: async () => ({
              Component: (await import('../features/agency/components/agency-settlements-page')).AgencySettlementsPage,
            }),
          },
          {
            path: 'agency-commissions',
            lazy: async () => ({
              Component: (await import('../features/agency/components/agency-commissions-page')).AgencyCommissionsPage,
            }),
          },
        ]),
        gate('info.manage', [
          {
            path: 'notifications',
            lazy: async () => ({
              Component: (await import('../features/info-center/components/notifications-page')).NotificationsPage,
            }),
          },
          {
            path: 'announcements',
            lazy: async () => ({
              Component: (await import('../features/info-center/components/announcements-page')).AnnouncementsPage,
            }),
          },
          {
            path: 'legal-documents',
            lazy: async () => ({ Component: (await import('../features/terms/components/documents-page')).DocumentsPage }),
          },
          {
            path: 'popups',
            lazy: async () => ({ Component: (await import('../features/terms/components/popups-page')).PopupsPage }),
          },
        ]),
        gate('chat.moderate', [
          {
            // The community chat's moderation (issue 15 item 1).
            path: 'chat',
            lazy: async () => ({ Component: (await import('../features/chat/components/chat-page')).ChatAdminPage }),
          },
        ]),
        gate('outbox.read', [
          {
            path: 'outbox',
            lazy: async () => ({ Component: (await import('../features/outbox/components/outbox-page')).OutboxPage }),
          },
        ]),
        gate('audit.read', [
          {
            path: 'audit-log',
            lazy: async () => ({ Component: (await import('../features/audit/components/audit-log-page')).AuditLogPage }),
          },
        ]),
        gate('operators.manage', [
          {
            path: 'operators',
            lazy: async () => ({ Component: (await import('../features/operators/components/operators-page')).OperatorsPage }),
          },
        ]),
        { path: '*', Component: NotFound },
      ],
    },
  ],
  { basename: BASENAME },
);

/** A 401 anywhere means the operator's session is over: back to the login page, keeping the place. */
export function handleUnauthorized(queryClient: QueryClient): void {
  queryClient.clear();
  // The router's own state carries the full URL path; routes and `navigate` work below the basename.
  const { pathname: fullPath, search } = router.state.location;
  const pathname = fullPath.startsWith(BASENAME) ? fullPath.slice(BASENAME.length) || '/' : fullPath;
  if (pathname === '/login') return;
  toast.error(i18next.t('errors.session_expired'));
  void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
}

export function AppRouter() {
  return <RouterProvider router={router} />;
}
