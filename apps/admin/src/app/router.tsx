import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { toast } from '../components/toaster';
import { setUnauthorizedHandler } from '../lib/api-client';
import { i18next } from '../lib/i18n';
import type { Permission } from '../lib/types';
import { AdminLayout, FullPageLoader, HomeRedirect, NotFound, RequirePermission } from './layout';

/** A lazily loaded feature screen, shown only to operators holding `permission`. */
function guarded(permission: Permission, load: () => Promise<ComponentType>) {
  return async () => {
    const Screen = await load();
    return {
      Component: () => (
        <RequirePermission permission={permission}>
          <Screen />
        </RequirePermission>
      ),
    };
  };
}

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
          path: 'members',
          lazy: guarded('members.read', async () => (await import('../features/members/components/members-page')).MembersPage),
        },
        {
          path: 'members/:id',
          lazy: guarded('members.read', async () => (await import('../features/members/components/member-page')).MemberPage),
        },
        {
          path: 'outbox',
          lazy: guarded('outbox.read', async () => (await import('../features/outbox/components/outbox-page')).OutboxPage),
        },
        {
          path: 'audit-log',
          lazy: guarded('audit.read', async () => (await import('../features/audit/components/audit-log-page')).AuditLogPage),
        },
        {
          path: 'operators',
          lazy: guarded(
            'operators.manage',
            async () => (await import('../features/operators/components/operators-page')).OperatorsPage,
          ),
        },
        { path: '*', Component: NotFound },
      ],
    },
  ],
  { basename: '/admin' },
);

export function AppRouter() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A 401 anywhere means the operator's session is over: back to the login page, keeping the place.
    setUnauthorizedHandler(() => {
      queryClient.clear();
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      toast.error(i18next.t('errors.session_expired'));
      void router.navigate(`/login?next=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
  }, [queryClient]);
  return <RouterProvider router={router} />;
}
