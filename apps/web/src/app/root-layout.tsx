import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../lib/translation.ts';
import { Outlet, useLocation } from 'react-router';
import { Button } from '../components/button.tsx';
import { Modal } from '../components/modal.tsx';
import { LoadingBlock } from '../components/spinner.tsx';
import { Toaster } from '../components/toaster.tsx';
import { hideLoginExpired, useCareRefusal, useLoginExpired } from '../lib/dialogs.ts';
import {
  closeAuthModals,
  closeWithdrawalPassword,
  openLogin,
  openRegister,
  useAuthModals,
  useWithdrawalPasswordModal,
} from '../lib/modals.ts';
import { loadDeferredCatalogues } from '../lib/i18n.ts';
import { usePageLoading } from '../lib/page-loads.ts';
import { useRealtime } from '../lib/realtime.ts';
import { useIsLoggedIn, useSession } from '../lib/session.ts';
import { useUserRefresh } from '../lib/user.ts';

// The dialogs' texts are in the deferred part of the catalogue (sign-in, security, care_refusal).
const withTexts =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadDeferredCatalogues()]).then(([module]) => module);
const AuthModal = lazy(withTexts(() => import('../features/auth/auth-modal.tsx')));
const WithdrawalPasswordModal = lazy(withTexts(() => import('../features/security/withdrawal-password-modal.tsx')));
const RealityCheck = lazy(withTexts(() => import('../features/responsible/reality-check.tsx')));
const CareRefusalDialog = lazy(withTexts(() => import('../components/care-refusal.tsx')));
const RegulatedProfileDialog = lazy(withTexts(() => import('../features/auth/regulated-profile-dialog.tsx')));
// Terms notices and acceptance, and the site's reminder popups (issue 15): loaded after the page.
const TermsShell = lazy(() => import('../features/terms/terms-shell.tsx'));

/** A thin bar at the top while a page's code downloads. */
function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-gold/20" role="progressbar" aria-hidden="true">
      <div className="animate-progress h-full w-2/5 bg-gold" />
    </div>
  );
}

/** Spec section 4: a gated action that met an expired session asks before opening the login. */
function LoginExpiredDialog() {
  const { t } = useTranslation();
  const open = useLoginExpired();
  if (!open) return null;
  return (
    <Modal title={t('session.login_expired_title')} onClose={hideLoginExpired} size="sm">
      <p className="pb-5 text-[15px] text-soft">{t('session.login_expired')}</p>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="ghost" onClick={hideLoginExpired}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => {
            hideLoginExpired();
            openLogin();
          }}
        >
          {t('common.ok')}
        </Button>
      </div>
    </Modal>
  );
}

/** A bet refused by the responsible-gaming rules: the dialog's code loads only when one happens. */
function CareRefusalHost() {
  const message = useCareRefusal();
  if (!message) return null;
  return (
    <Suspense fallback={null}>
      <CareRefusalDialog message={message} />
    </Suspense>
  );
}

function AuthModalHost() {
  const { t } = useTranslation();
  const modals = useAuthModals();
  if (!modals.login && !modals.register) return null;
  return (
    <Suspense
      fallback={
        <Modal title={t('common.loading')} onClose={closeAuthModals} hideTitle>
          <LoadingBlock label={t('common.loading')} />
        </Modal>
      }
    >
      <AuthModal mode={modals.register ? 'register' : 'login'} />
    </Suspense>
  );
}

/** The withdrawal password dialog, opened over the page that needs it (the withdraw form). */
function WithdrawalPasswordHost() {
  const { t } = useTranslation();
  const open = useWithdrawalPasswordModal();
  const loggedIn = useIsLoggedIn();
  // A session that ends closes it: it must not pop up again at the next login.
  useEffect(() => {
    if (!loggedIn) closeWithdrawalPassword();
  }, [loggedIn]);
  if (!open || !loggedIn) return null;
  return (
    <Suspense
      fallback={
        <Modal title={t('common.loading')} onClose={closeWithdrawalPassword} hideTitle>
          <LoadingBlock label={t('common.loading')} />
        </Modal>
      }
    >
      <WithdrawalPasswordModal />
    </Suspense>
  );
}

/** The reality check (issue 12): for a logged-in member only; its code loads after the page. */
function RealityCheckHost() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck />
    </Suspense>
  );
}

/** A member of a site that became regulated completes its data after login (issue 12 item 6). */
function RegulatedProfileHost() {
  const { token, user } = useSession();
  if (token === null || !user.profile_incomplete) return null;
  return (
    <Suspense fallback={null}>
      <RegulatedProfileDialog />
    </Suspense>
  );
}

/** The push channel while logged in (own component: balance pushes re-render only this). */
function RealtimeConnection() {
  useRealtime(useSession().token);
  return null;
}

/** Everything every page shares: scroll to top, user refresh, toasts, dialogs, auth modals. */
export function RootLayout() {
  const location = useLocation();
  const loggedIn = useIsLoggedIn();

  // Spec section 2: each navigation scrolls the page to the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);
  useUserRefresh(location.key, loggedIn);

  // An invitation link (/?invite_code=…) opens the register form for a visitor; the form reads the code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first page of the visit
  useEffect(() => {
    if (!loggedIn && /[?&]invite_code=[A-Za-z0-9]/.test(window.location.search)) openRegister();
  }, []);

  return (
    <>
      <NavigationProgress />
      <RealtimeConnection />
      <Outlet />
      <Toaster />
      <LoginExpiredDialog />
      <CareRefusalHost />
      <AuthModalHost />
      <WithdrawalPasswordHost />
      <RealityCheckHost />
      <RegulatedProfileHost />
      <Suspense fallback={null}>
        <TermsShell />
      </Suspense>
    </>
  );
}
