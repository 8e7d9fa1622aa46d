import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { MainLayout } from './main-layout.tsx';
import { HydrateFallback, RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

const rechargeWithdraw = () => import('../features/wallet/recharge-withdraw-page.tsx');
const games = () => import('../features/games/games-pages.tsx');
const promotions = () => import('../features/promotions/promotion-pages.tsx');
const infoCenter = () => import('../features/info-center/info-center-pages.tsx');
const agency = () => import('../features/agency/agency-pages.tsx');
const orders = () => import('../features/orders/order-pages.tsx');
const vip = () => import('../features/vip/vip-pages.tsx');
const rebates = () => import('../features/rebates/rebates-pages.tsx');
const sports = () => import('../features/sportsbook/sports-pages.tsx');

/**
 * Every route of spec section 2, each lazy so the home route's JavaScript stays small. No route
 * guards: member-only pages ask a visitor to log in themselves.
 */
const layoutRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../features/home/home-page.tsx').then((m) => ({ Component: m.HomePage })) },
  { path: 'profile', lazy: () => import('../features/profile/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })) },
  { path: 'game', lazy: () => games().then((m) => ({ Component: m.GameListPage })) },
  { path: 'video', lazy: () => games().then((m) => ({ Component: m.VideoPage })) },
  { path: 'searchGames', lazy: () => games().then((m) => ({ Component: m.SearchGamesPage })) },
  // Screens the spec names without routes (favorites, game records), and the provably-fair page.
  {
    path: 'favorites',
    lazy: () => import('../features/games/favorites-page.tsx').then((m) => ({ Component: m.FavoritesPage })),
  },
  {
    path: 'game-records',
    lazy: () => import('../features/games/game-records-page.tsx').then((m) => ({ Component: m.GameRecordsPage })),
  },
  { path: 'fairness', lazy: () => import('../features/fairness/fairness-page.tsx').then((m) => ({ Component: m.FairnessPage })) },
  { path: 'login', lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage })) },
  { path: 'recharge', lazy: () => import('../features/wallet/recharge-page.tsx').then((m) => ({ Component: m.RechargePage })) },
  {
    path: 'rechargeRecord',
    lazy: () => import('../features/wallet/recharge-record-page.tsx').then((m) => ({ Component: m.RechargeRecordPage })),
  },
  {
    path: 'recharge-payment',
    lazy: () => import('../features/wallet/recharge-payment-page.tsx').then((m) => ({ Component: m.RechargePaymentPage })),
  },
  { path: 'withdraw', lazy: () => import('../features/wallet/withdraw-page.tsx').then((m) => ({ Component: m.WithdrawPage })) },
  {
    path: 'withdrawalRecord',
    lazy: () => import('../features/wallet/withdrawal-record-page.tsx').then((m) => ({ Component: m.WithdrawalRecordPage })),
  },
  {
    path: 'withdrawal-card',
    lazy: () => import('../features/wallet/withdrawal-card-page.tsx').then((m) => ({ Component: m.WithdrawalCardPage })),
  },
  // Two addresses, one hidden page (充值提现, recharge-and-withdraw).
  { path: 'test12', lazy: () => rechargeWithdraw().then((m) => ({ Component: m.RechargeWithdrawPage })) },
  { path: 'cztx', lazy: () => rechargeWithdraw().then((m) => ({ Component: m.RechargeWithdrawPage })) },

  { path: 'promotion', loader: () => redirect('/promotion/activity') },
  { path: 'promotion/activity', lazy: () => promotions().then((m) => ({ Component: m.ActivityListPage })) },
  { path: 'promotion/rebates', lazy: () => rebates().then((m) => ({ Component: m.RebatesPage })) },
  { path: 'promotion/history', lazy: () => promotions().then((m) => ({ Component: m.PromotionHistoryPage })) },
  { path: 'promotion/cover', lazy: () => promotions().then((m) => ({ Component: m.CoverHistoryPage })) },
  { path: 'promotion/activity/recharge', lazy: () => promotions().then((m) => ({ Component: m.RechargeActivityPage })) },
  {
    path: 'promotion/activity/invitation-activity',
    lazy: () => promotions().then((m) => ({ Component: m.InvitationActivityPage })),
  },
  { path: 'promotion/activity/lottery-wheel', lazy: () => promotions().then((m) => ({ Component: m.LotteryWheelPage })) },
  {
    path: 'promotion/activity/daily-loss-relief-fund',
    lazy: () => promotions().then((m) => ({ Component: m.DailyLossReliefPage })),
  },
  {
    path: 'promotion/activity/recharge-rebate',
    lazy: () => promotions().then((m) => ({ Component: m.RechargeRebatePage })),
  },

  { path: 'information-center', loader: () => redirect('/information-center/support') },
  { path: 'information-center/support', lazy: () => infoCenter().then((m) => ({ Component: m.SupportPage })) },
  { path: 'information-center/notification', lazy: () => infoCenter().then((m) => ({ Component: m.NotificationPage })) },
  { path: 'information-center/announcement', lazy: () => infoCenter().then((m) => ({ Component: m.AnnouncementPage })) },

  { path: 'agency-center', loader: () => redirect('/agency-center/invite') },
  { path: 'agency-center/invite', lazy: () => agency().then((m) => ({ Component: m.InvitePage })) },
  { path: 'agency-center/agent', lazy: () => agency().then((m) => ({ Component: m.AgentPage })) },
  { path: 'agency-center/invitation-record', lazy: () => agency().then((m) => ({ Component: m.InvitationRecordPage })) },
  { path: 'agency-center/reward', lazy: () => agency().then((m) => ({ Component: m.RewardPage })) },
  { path: 'agency-center/agency-mechanism', lazy: () => agency().then((m) => ({ Component: m.MechanismPage })) },
  {
    path: 'agency-center/register-subordinates',
    lazy: () => agency().then((m) => ({ Component: m.RegisterSubordinatesPage })),
  },

  { path: 'order-center', lazy: () => orders().then((m) => ({ Component: m.OrderDetailsPage })) },
  { path: 'order-center/fee', lazy: () => orders().then((m) => ({ Component: m.OrderFeePage })) },
  { path: 'order-center/association', lazy: () => orders().then((m) => ({ Component: m.OrderAssociationPage })) },

  {
    path: 'security-center',
    lazy: () => import('../features/security/security-center-page.tsx').then((m) => ({ Component: m.SecurityCenterPage })),
  },
  {
    path: 'security-center/change-password',
    lazy: () => import('../features/security/change-password-page.tsx').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: 'security-center/verify-password',
    lazy: () => import('../features/security/verify-password-page.tsx').then((m) => ({ Component: m.VerifyPasswordPage })),
  },
  {
    path: 'security-center/bind-email',
    lazy: () => import('../features/security/bind-email-page.tsx').then((m) => ({ Component: m.BindEmailPage })),
  },

  { path: 'bau-do-tesouro', lazy: () => promotions().then((m) => ({ Component: m.TreasureChestPage })) },
  { path: 'vip', lazy: () => vip().then((m) => ({ Component: m.VipPage })) },
  { path: 'super', lazy: () => promotions().then((m) => ({ Component: m.SuperPage })) },
  { path: 'nivel', lazy: () => vip().then((m) => ({ Component: m.LevelPage })) },
  { path: 'resgatar', lazy: () => promotions().then((m) => ({ Component: m.RedeemPage })) },
  { path: 'agente', lazy: () => agency().then((m) => ({ Component: m.AgentePage })) },
  { path: 'rebate', lazy: () => rebates().then((m) => ({ Component: m.RebatePage })) },
  { path: 'semana', lazy: () => promotions().then((m) => ({ Component: m.WeeklyPage })) },
  { path: 'misterioso', lazy: () => promotions().then((m) => ({ Component: m.MysteryPage })) },
  { path: 'cashback', lazy: () => promotions().then((m) => ({ Component: m.CashbackPage })) },

  // The sportsbook: one layout (section tabs and the bet slip) around its pages and the virtual league.
  {
    path: 'sports',
    lazy: () => sports().then((m) => ({ Component: m.SportsLayout })),
    children: [
      { index: true, lazy: () => sports().then((m) => ({ Component: m.SportsHomePage })) },
      { path: 'competition/:code', lazy: () => sports().then((m) => ({ Component: m.CompetitionPage })) },
      { path: 'fixture/:id', lazy: () => sports().then((m) => ({ Component: m.FixturePage })) },
      { path: 'bets', lazy: () => sports().then((m) => ({ Component: m.MyBetsPage })) },
      {
        path: 'virtual',
        lazy: () => import('../features/sportsbook/virtual/virtual-page.tsx').then((m) => ({ Component: m.VirtualPage })),
      },
    ],
  },

  { path: '*', lazy: () => import('./not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })) },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback,
    ErrorBoundary: RouteError,
    children: [
      { path: '/', Component: MainLayout, ErrorBoundary: RouteError, children: layoutRoutes },
      // Outside the layout (spec section 2).
      { path: '/gameInfo', lazy: () => import('./game-info-route.tsx').then((m) => ({ Component: m.GameInfoRoute })) },
      { path: '/test', lazy: () => import('../features/diagnostics/test-page.tsx').then((m) => ({ Component: m.TestPage })) },
      { path: '/download', lazy: () => import('../features/download/download-page.tsx').then((m) => ({ Component: m.DownloadPage })) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
