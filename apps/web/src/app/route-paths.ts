/**
 * The player site's own addresses, in one plain module (no React) read by two builds: the router
 * makes its table from these lists (its types refuse a page that is missing here, or one listed
 * here without a page), and vite.config.ts turns them into the service worker's navigation
 * allow-list. The worker answers a navigation with the app shell on these paths only; every other
 * address (the sandbox bank at /sandbox-psp, a provider's game page at /sandbox-provider, the back
 * office, the API) goes to the server, so a new server page needs no exception here.
 */

/** Pages inside the main layout (header, tab bar), besides the home page at `/`. */
export const LAYOUT_PAGES = [
  'profile',
  'game',
  'video',
  'searchGames',
  'favorites',
  'game-records',
  'fairness',
  'login',
  'recharge',
  'rechargeRecord',
  'recharge-payment',
  'withdraw',
  'withdrawalRecord',
  'withdrawal-card',
  'test12',
  'cztx',
  'promotion',
  'promotion/activity',
  'promotion/rebates',
  'promotion/history',
  'promotion/cover',
  'promotion/activity/recharge',
  'promotion/activity/invitation-activity',
  'promotion/activity/lottery-wheel',
  'promotion/activity/daily-loss-relief-fund',
  'promotion/activity/recharge-rebate',
  'information-center',
  'information-center/support',
  'information-center/notification',
  'information-center/announcement',
  'agency-center',
  'agency-center/invite',
  'agency-center/agent',
  'agency-center/invitation-record',
  'agency-center/reward',
  'agency-center/agency-mechanism',
  'agency-center/register-subordinates',
  'order-center',
  'order-center/fee',
  'order-center/association',
  'security-center',
  'security-center/change-password',
  'security-center/verify-password',
  'security-center/bind-email',
  'bau-do-tesouro',
  'vip',
  'super',
  'nivel',
  'resgatar',
  'agente',
  'rebate',
  'semana',
  'misterioso',
  'cashback',
  'sports',
  // Ours: the responsible-gaming centre (issue 12).
  'jogo-responsavel',
  'verificacao',
  // Ours: the terms, privacy and responsible-gaming policy documents (issue 15).
  'terms',
] as const;

/** The sportsbook's pages under `/sports` (its own layout), besides `/sports` itself. */
export const SPORTS_PAGES = ['competition/:code', 'fixture/:id', 'bets', 'virtual'] as const;

/** Pages outside the main layout (spec section 2). */
export const BARE_PAGES = ['gameInfo', 'test', 'download'] as const;

export type LayoutPage = (typeof LAYOUT_PAGES)[number];
export type SportsPage = (typeof SPORTS_PAGES)[number];
export type BarePage = (typeof BARE_PAGES)[number];

/** Every page of the site as an absolute path pattern: `/`, `/profile`, `/sports/fixture/:id`, ... */
export const SITE_PATHS: readonly string[] = [
  '/',
  ...LAYOUT_PAGES.map((page) => `/${page}`),
  ...SPORTS_PAGES.map((page) => `/sports/${page}`),
  ...BARE_PAGES.map((page) => `/${page}`),
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A path pattern as a regular expression over a URL's path and query, which is what the service
 * worker's navigation route tests: a `:param` is one segment, a trailing slash and any query are
 * allowed, and letters match in either case, as React Router matches paths.
 */
export function pathPattern(path: string): RegExp {
  const segments = path
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escapeRegExp(segment)));
  return new RegExp(`^${segments.join('/')}/?(?:\\?.*)?$`, 'i');
}

/** The navigations the service worker answers with the app shell: the site's pages, nothing else. */
export function navigationAllowlist(): RegExp[] {
  return SITE_PATHS.map(pathPattern);
}
