import { type ComponentType, lazy, type ReactElement, Suspense, useState } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadingBlock } from '../components/spinner.tsx';
import { gameDetailQuery } from '../lib/game-detail.ts';
import { loadDeferredCatalogues, loadSportsNamespace } from '../lib/i18n.ts';
import { trackPageLoad } from '../lib/page-loads.ts';
import { MainLayout } from './main-layout.tsx';
import { queryClient } from './providers.tsx';
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
  /** A page built with lazyPage, when the router preloads it for a visit that starts there. */
  page?: LazyPage;
  redirect?: string;
  children?: RouteObject[];
}

/** A lazy page's route element, and a way to fetch what it needs before it is first rendered. */
interface LazyPage {
  element: ReactElement;
  preload: () => Promise<void>;
}

/**
 * A lazy page, inside an error boundary and a placeholder while its code downloads. Every page but
 * the home page (`firstPaint`) also waits for the deferred part of the catalogue (lib/i18n.ts).
 *
 * A page whose code is already here when it mounts (preloadFirstPage) renders at once. Through
 * React.lazy it would suspend for a tick even then, commit the placeholder instead of the page, and
 * React holds a placeholder on screen for 300 ms before revealing what replaces it.
 */
let pageCount = 0;

function lazyPage(load: () => Promise<{ Component: ComponentType }>, firstPaint = false): LazyPage {
  // Its own key: two routes' elements sit at the same place in the tree, and React would otherwise
  // keep one page's state (the component it decided on) for the next.
  const key = `page-${pageCount++}`;
  const code: PageCode = {
    Lazy: lazy(() => trackPageLoad(loadAll()).then((module) => ({ default: module.Component }))),
  };
  const loadAll = () =>
    (firstPaint ? load() : Promise.all([load(), loadDeferredCatalogues()]).then(([module]) => module)).then((module) => {
      code.loaded = module.Component;
      return module;
    });
  return {
    element: (
      <RouteBoundary>
        <Suspense fallback={<PageFallback />}>
          <PageOf key={key} code={code} />
        </Suspense>
      </RouteBoundary>
    ),
    preload: () => loadAll().then(() => undefined),
  };
}

/** A lazy page's component once its code has arrived, and the React.lazy wrapper that fetches it. */
interface PageCode {
  loaded?: ComponentType;
  Lazy: ComponentType;
}

function PageOf({ code }: { code: PageCode }) {
  // Decided once per mount, so a page never switches from the lazy wrapper to its component (and loses its state).
  const [Ready] = useState(() => code.loaded);
  const { Lazy } = code;
  return Ready ? <Ready /> : <Lazy />;
}

function page(load: () => Promise<{ Component: ComponentType }>, firstPaint = false): ReactElement {
  return lazyPage(load, firstPaint).element;
}

/** A screen high, so the footer below does not show and then jump down when the page comes. */
function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-gold">
      <LoadingBlock label="…" />
    </div>
  );
}

function routeOf(path: string | undefined, { lazy: load, page: built, redirect, children }: Page): RouteObject {
  const element = redirect ? <Navigate to={redirect} replace /> : built ? built.element : load ? page(load) : undefined;
  return { path, element, ...(children ? { children } : {}) };
}

/** A table of pages keyed by path, as React Router's routes. */
function routesOf<P extends string>(pages: Record<P, Page>): RouteObject[] {
  return Object.entries<Page>(pages).map(([path, entry]) => routeOf(path, entry));
}

const homePage = lazyPage(() => import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })), true);
const sportsLayout = lazyPage(() => sports().then((m) => ({ Component: m.SportsLayout })));
const sportsHome = lazyPage(() => sports().then((m) => ({ Component: m.SportsHomePage })));
const gameInfoPage = lazyPage(() => import('./game-info-route.tsx').then((m) => ({ Component: m.GameInfoRoute })));

/**
 * The page of the address the visit starts at, fetched while the catalogue loads (main.tsx awaits
 * both): the home page, the sportsbook and a game page then render in place of the HTML shell with
 * no placeholder in between (which moved the footer) and one round trip fewer. A game page asks for
 * the game's card at once too, once the language is known (the `lang` of every call). Other pages
 * load as they are opened.
 */
export async function preloadFirstPage(pathname: string, languageReady: Promise<unknown>): Promise<void> {
  const pages =
    pathname === '/'
      ? [homePage]
      : pathname === '/sports'
        ? [sportsLayout, sportsHome]
        : pathname.startsWith('/sports/')
          ? [sportsLayout]
          : pathname === '/gameInfo'
            ? [gameInfoPage]
            : [];
  if (pathname === '/gameInfo') {
    const code = (new URLSearchParams(window.location.search).get('code') ?? '').trim();
    if (code) void languageReady.then(() => queryClient.prefetchQuery(gameDetailQuery(code))).catch(() => undefined);
  }
  try {
    await Promise.all(pages.map((p) => p.preload()));
  } catch {
    // The lazy route tries again and shows its error.
  }
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
  gameInfo: { page: gameInfoPage },
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
    page: sportsLayout,
    children: [{ index: true, element: sportsHome.element }, ...routesOf(sportsPages)],
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
          { index: true, element: homePage.element },
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
