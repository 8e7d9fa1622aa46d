import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadingBlock } from '../components/spinner.tsx';
import { loadDeferredCatalogues, loadSportsNamespace } from '../lib/i18n.ts';
import { trackPageLoad } from '../lib/page-loads.ts';
import { MainLayout } from './main-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { RouteBoundary } from './route-error.tsx';
import type { BarePage, LayoutPage, SportsPage } from './route-paths.ts';

const rechargeWithdraw = () => import('../features/wallet/recharge-withdraw-page.tsx');
const games = () => import('../features/games/games-pages.tsx');
const promotions = () => import('../features/promotions/promotion-pages.tsx');
const infoCenter = () => import('../features/info-center/info-center-pages.tsx');
const agency = () => import('../features/agency/agency-pages.tsx');
const orders = () => import('../features/orders/order-pages.tsx');
const vip = () => import('../features/vip/vip-pages.tsx');
const rebates = () => import('../features/rebates/rebates-pages.tsx');
// The sportsbook's texts download beside its code (sports-pages.tsx awaits them before rendering).
const sports = () => {
  void loadSportsNamespace().catch(() => undefined);
  return import('../features/sportsbook/sports-pages.tsx');
};

/**
 * Every route of spec section 2, each lazy so the home route's JavaScript stays small. No route
 * guards: member-only pages ask a visitor to log in themselves. The paths are the keys of these
 * tables, typed by the lists of route-paths.ts that the service worker's build reads too: a page
 * added here and not there (or there and not here) does not compile.
 */

/**
 * A page of a route table; its path is the key it is listed under. `lazy` downloads its code the
 * first time it is shown, `redirect` sends elsewhere. The router is React Router's declarative
 * one (useRoutes): the data router's code (loaders, actions, fetchers) is not in the first load.
 */
interface Page {
  lazy?: () => Promise<{ Component: ComponentType }>;
  redirect?: string;
  children?: RouteObject[];
}

/**
 * A lazy page, inside an error boundary and a placeholder while its code downloads. Every page but
 * the home page (`firstPaint`) also waits for the deferred part of the catalogue (lib/i18n.ts).
 */
function page(load: () => Promise<{ Component: ComponentType }>, firstPaint = false) {
  const loadAll = () => (firstPaint ? load() : Promise.all([load(), loadDeferredCatalogues()]).then(([module]) => module));
  const Lazy = lazy(() => trackPageLoad(loadAll()).then((module) => ({ default: module.Component })));
  return (
    <RouteBoundary>
      <Suspense fallback={<PageFallback />}>
        <Lazy />
      </Suspense>
    </RouteBoundary>
  );
}

/** A screen high, so the footer below does not show and then jump down when the page comes. */
function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-gold">
      <LoadingBlock label="…" />
    </div>
  );
}

function routeOf(path: string | undefined, { lazy: load, redirect, children }: Page): RouteObject {
  const element = redirect ? <Navigate to={redirect} replace /> : load ? page(load) : undefined;
  return { path, element, ...(children ? { children } : {}) };
}

/** A table of pages keyed by path, as React Router's routes. */
function routesOf<P extends string>(pages: Record<P, Page>): RouteObject[] {
  return Object.entries<Page>(pages).map(([path, entry]) => routeOf(path, entry));
}

const loadHome = () => import('../features/home/home-page.tsx');
const lazyHome = page(() => loadHome().then((m) => ({ Component: m.HomePage })), true);
let preloadedHome: ComponentType | undefined;

/**
 * The page of the address the visit starts at, fetched while the catalogue loads (main.tsx awaits
 * both): the home page then renders with the shell, with no placeholder in between (which moved
 * the footer) and one round trip fewer. A visit that starts at the sportsbook or a game page starts
 * fetching that page's code (and the sportsbook's texts) at once too, instead of after the entry
 * has rendered (the lazy route then finds it loaded or on its way). Other pages load as they are opened.
 */
export async function preloadFirstPage(pathname: string): Promise<void> {
  if (pathname === '/sports' || pathname.startsWith('/sports/')) void sports().catch(() => undefined);
  if (pathname === '/gameInfo') void import('./game-info-route.tsx').catch(() => undefined);
  if (pathname !== '/') return;
  try {
    preloadedHome = (await loadHome()).HomePage;
  } catch {
    // The lazy route tries again and shows its error.
  }
}

function HomeRoute() {
  const Home = preloadedHome;
  if (!Home) return lazyHome;
  return (
    <RouteBoundary>
      <Home />
    </RouteBoundary>
  );
}

/** The sportsbook's pages, under its layout at /sports. */
const sportsPages: Record<SportsPage, Page> = {
  'competition/:code': { lazy: () => sports().then((m) => ({ Component: m.CompetitionPage })) },
  'fixture/:id': { lazy: () => sports().then((m) => ({ Component: m.FixturePage })) },
  bets: { lazy: () => sports().then((m) => ({ Component: m.MyBetsPage })) },
  virtual: {
    lazy: () => import('../features/sportsbook/virtual/virtual-page.tsx').then((m) => ({ Component: m.VirtualPage })),
  },
};

/** Pages outside the main layout (spec section 2). */
const barePages: Record<BarePage, Page> = {
  gameInfo: { lazy: () => import('./game-info-route.tsx').then((m) => ({ Component: m.GameInfoRoute })) },
  test: { lazy: () => import('../features/diagnostics/test-page.tsx').then((m) => ({ Component: m.TestPage })) },
  download: { lazy: () => import('../features/download/download-page.tsx').then((m) => ({ Component: m.DownloadPage })) },
};

/** Pages inside the main layout; the home page (index) and the not-found page are added below. */
const layoutPages: Record<LayoutPage, Page> = {
  profile: { lazy: () => import('../features/profile/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })) },
  game: { lazy: () => games().then((m) => ({ Component: m.GameListPage })) },
  video: { lazy: () => games().then((m) => ({ Component: m.VideoPage })) },
  searchGames: { lazy: () => games().then((m) => ({ Component: m.SearchGamesPage })) },
  // Screens the spec names without routes (favorites, game records), and the provably-fair page.
  favorites: {
    lazy: () => import('../features/games/favorites-page.tsx').then((m) => ({ Component: m.FavoritesPage })),
  },
  'game-records': {
    lazy: () => import('../features/games/game-records-page.tsx').then((m) => ({ Component: m.GameRecordsPage })),
  },
  fairness: { lazy: () => import('../features/fairness/fairness-page.tsx').then((m) => ({ Component: m.FairnessPage })) },
  login: { lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })) },
  recharge: { lazy: () => import('../features/wallet/recharge-page.tsx').then((m) => ({ Component: m.RechargePage })) },
  rechargeRecord: {
    lazy: () => import('../features/wallet/recharge-record-page.tsx').then((m) => ({ Component: m.RechargeRecordPage })),
  },
  'recharge-payment': {
    lazy: () => import('../features/wallet/recharge-payment-page.tsx').then((m) => ({ Component: m.RechargePaymentPage })),
  },
  withdraw: { lazy: () => import('../features/wallet/withdraw-page.tsx').then((m) => ({ Component: m.WithdrawPage })) },
  withdrawalRecord: {
    lazy: () => import('../features/wallet/withdrawal-record-page.tsx').then((m) => ({ Component: m.WithdrawalRecordPage })),
  },
  'withdrawal-card': {
    lazy: () => import('../features/wallet/withdrawal-card-page.tsx').then((m) => ({ Component: m.WithdrawalCardPage })),
  },
  // Two addresses, one hidden page (充值提现, recharge-and-withdraw).
  test12: { lazy: () => rechargeWithdraw().then((m) => ({ Component: m.RechargeWithdrawPage })) },
  cztx: { lazy: () => rechargeWithdraw().then((m) => ({ Component: m.RechargeWithdrawPage })) },

  promotion: { redirect: '/promotion/activity' },
  'promotion/activity': { lazy: () => promotions().then((m) => ({ Component: m.ActivityListPage })) },
  'promotion/rebates': { lazy: () => rebates().then((m) => ({ Component: m.RebatesPage })) },
  'promotion/history': { lazy: () => promotions().then((m) => ({ Component: m.PromotionHistoryPage })) },
  'promotion/cover': { lazy: () => promotions().then((m) => ({ Component: m.CoverHistoryPage })) },
  'promotion/activity/recharge': { lazy: () => promotions().then((m) => ({ Component: m.RechargeActivityPage })) },
  'promotion/activity/invitation-activity': {
    lazy: () => promotions().then((m) => ({ Component: m.InvitationActivityPage })),
  },
  'promotion/activity/lottery-wheel': { lazy: () => promotions().then((m) => ({ Component: m.LotteryWheelPage })) },
  'promotion/activity/daily-loss-relief-fund': {
    lazy: () => promotions().then((m) => ({ Component: m.DailyLossReliefPage })),
  },
  'promotion/activity/recharge-rebate': {
    lazy: () => promotions().then((m) => ({ Component: m.RechargeRebatePage })),
  },

  'information-center': { redirect: '/information-center/support' },
  'information-center/support': { lazy: () => infoCenter().then((m) => ({ Component: m.SupportPage })) },
  'information-center/notification': { lazy: () => infoCenter().then((m) => ({ Component: m.NotificationPage })) },
  'information-center/announcement': { lazy: () => infoCenter().then((m) => ({ Component: m.AnnouncementPage })) },

  'agency-center': { redirect: '/agency-center/invite' },
  'agency-center/invite': { lazy: () => agency().then((m) => ({ Component: m.InvitePage })) },
  'agency-center/agent': { lazy: () => agency().then((m) => ({ Component: m.AgentPage })) },
  'agency-center/invitation-record': { lazy: () => agency().then((m) => ({ Component: m.InvitationRecordPage })) },
  'agency-center/reward': { lazy: () => agency().then((m) => ({ Component: m.RewardPage })) },
  'agency-center/agency-mechanism': { lazy: () => agency().then((m) => ({ Component: m.MechanismPage })) },
  'agency-center/register-subordinates': {
    lazy: () => agency().then((m) => ({ Component: m.RegisterSubordinatesPage })),
  },

  'order-center': { lazy: () => orders().then((m) => ({ Component: m.OrderDetailsPage })) },
  'order-center/fee': { lazy: () => orders().then((m) => ({ Component: m.OrderFeePage })) },
  'order-center/association': { lazy: () => orders().then((m) => ({ Component: m.OrderAssociationPage })) },

  'security-center': {
    lazy: () => import('../features/security/security-center-page.tsx').then((m) => ({ Component: m.SecurityCenterPage })),
  },
  'security-center/change-password': {
    lazy: () => import('../features/security/change-password-page.tsx').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  'security-center/verify-password': {
    lazy: () => import('../features/security/verify-password-page.tsx').then((m) => ({ Component: m.VerifyPasswordPage })),
  },
  'security-center/bind-email': {
    lazy: () => import('../features/security/bind-email-page.tsx').then((m) => ({ Component: m.BindEmailPage })),
  },

  'bau-do-tesouro': { lazy: () => promotions().then((m) => ({ Component: m.TreasureChestPage })) },
  vip: { lazy: () => vip().then((m) => ({ Component: m.VipPage })) },
  super: { lazy: () => promotions().then((m) => ({ Component: m.SuperPage })) },
  nivel: { lazy: () => vip().then((m) => ({ Component: m.LevelPage })) },
  resgatar: { lazy: () => promotions().then((m) => ({ Component: m.RedeemPage })) },
  agente: { lazy: () => agency().then((m) => ({ Component: m.AgentePage })) },
  rebate: { lazy: () => rebates().then((m) => ({ Component: m.RebatePage })) },
  semana: { lazy: () => promotions().then((m) => ({ Component: m.WeeklyPage })) },
  misterioso: { lazy: () => promotions().then((m) => ({ Component: m.MysteryPage })) },
  cashback: { lazy: () => promotions().then((m) => ({ Component: m.CashbackPage })) },

  'jogo-responsavel': {
    lazy: () => import('../features/responsible/responsible-page.tsx').then((m) => ({ Component: m.ResponsiblePage })),
  },
  terms: { lazy: () => import('../features/terms/terms-page.tsx').then((m) => ({ Component: m.TermsPage })) },
  verificacao: {
    lazy: () => import('../features/identity/identity-page.tsx').then((m) => ({ Component: m.IdentityPage })),
  },

  // The sportsbook: one layout (section tabs and the bet slip) around its pages and the virtual league.
  sports: {
    lazy: () => sports().then((m) => ({ Component: m.SportsLayout })),
    children: [{ index: true, element: page(() => sports().then((m) => ({ Component: m.SportsHomePage }))) }, ...routesOf(sportsPages)],
  },
};

export const routes: RouteObject[] = [
  {
    element: (
      <RouteBoundary>
        <RootLayout />
      </RouteBoundary>
    ),
    children: [
      {
        path: '/',
        element: <MainLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          ...routesOf(layoutPages),
          { path: '*', element: page(() => import('./not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage }))) },
        ],
      },
      ...routesOf(barePages),
    ],
  },
];

/** The site's routes; rendered inside main.tsx's BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
