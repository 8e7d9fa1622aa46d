/**
 * Every API path the player site calls, exactly as the spec writes them (section 7) where the
 * spec names one; the security centre's paths are ours (the spec does not show them). The player
 * site imports this module; the server, the back office and the tests import api-paths.ts, which
 * adds the back office's paths (admin-api-paths.ts), so the site's first load does not carry them.
 */
export const API = {
  health: '/api/health',
  captcha: '/api/auth/captcha',
  register: '/api/auth/register2',
  login: '/api/auth/login2',
  me: '/api/auth/me',
  /** Ours (issue 12 item 6): a member of a regulated site completes its data (CPF, birth date, address, sign-up limits). */
  regulatedProfile: '/api/profile/regulated',
  logout: '/api/auth/logout',
  profilePictures: '/api/profilepictures',
  profilePictureUser: '/api/profilepictures/user',
  profilePictureSet: '/api/profilepictures/set',
  languageList: '/api/language/getList',
  dynamicWebs: '/api/dynamicwebs/getdata',
  socialLinks: '/api/socialmedialinks/get',
  activityDetails: '/api/activitydetails/get',
  paymentsList: '/api/payments/list',
  paymentOnlineList: '/api/payment/online/list',
  rechargeOnline: '/api/recharge/online',
  /** Ours: the deposit bonuses a new deposit can fund (the recharge page's choice; one bonus per deposit). */
  rechargeBonuses: '/api/recharge/bonuses',
  rechargeList: '/api/recharge/list',
  /** One deposit order by order_no (the payment page polls nothing: it listens on /ws). */
  rechargeOrder: '/api/recharge/order',
  memberBanksSave: '/api/memberbanks/save',
  memberBanksDisplay: '/api/memberbanks/display',
  memberBank: '/api/member/bank',
  drawing: '/api/drawing',
  drawingList: '/api/drawing/list',
  orderCenterDetails: '/api/ordercenter/details',
  orderCenterFee: '/api/ordercenter/fee',
  orderCenterAssociation: '/api/ordercenter/association',
  pixWebhook: '/api/webhooks/pix/sandbox',
  /** Ours: identity checks (issue 12 item 5); the member's state and the documents it sends (multipart). */
  kyc: {
    status: '/api/kyc/status',
    documents: '/api/kyc/documents',
  },
  /** The sandbox KYC provider's signed decisions (HMAC-SHA256 over `timestamp.rawBody`). */
  kycWebhook: '/api/webhooks/kyc/sandbox',
  /** Ours: support chat (issue 15 item 6); a member's own conversations with the support team. */
  support: {
    conversations: '/api/support/conversations',
    conversation: (id: number | string) => `/api/support/conversations/${id}`,
    messages: (id: number | string) => `/api/support/conversations/${id}/messages`,
    /** POST multipart `image` (PNG, JPEG or WebP, 3 MB); GET one image (its owner only). */
    attachments: '/api/support/attachments',
    attachment: (id: number | string) => `/api/support/attachments/${id}`,
  },
  /** Ours: responsible gaming (issue 12). */
  responsible: {
    limits: '/api/responsible/limits',
    realityCheck: '/api/responsible/reality-check',
    pause: '/api/responsible/pause',
    selfExclusion: '/api/responsible/self-exclusion',
    status: '/api/responsible/status',
    statement: '/api/responsible/statement',
  },
  sandboxPay: (txid: string) => `/sandbox-psp/pay/${txid}`,
  websocket: '/ws',
  /** Ours: the live feed (issue 15 item 3), visitors too: latest rounds and the day's biggest multipliers. */
  feed: { wins: '/api/feed/wins' },
  /** Ours: the community chat (issue 15 item 1), rooms per language; visitors read, members write. */
  chat: {
    rooms: '/api/chat/rooms',
    history: '/api/chat/history',
    send: '/api/chat/send',
    /** `/ws/chat?room=pt[&token=]`: the room's messages pushed; a member may also send `{ type: 'send', text }`. */
    socket: '/ws/chat',
  },
  games: {
    apis: '/api/games/apisv2',
    list: '/api/games/listsv2',
    popular: '/api/games/popular',
    promotion: '/api/games/promotion',
    follow: '/api/games/follow',
    followSet: '/api/games/follow/set',
    followDelete: '/api/games/follow/delete',
    /** Ours: the member's recently played games (home page row). */
    recent: '/api/games/recent',
    /** Ours: one game by code (the hand-off page and house games read it). */
    detail: '/api/games/detail',
  },
  /**
   * The activity engine (spec section 7): POST `/api/<type>/check` and `/api/<type>/claim` for
   * every activity type (the spec's six plus ours: rechargetiers, welcome, treasurechest, weekly,
   * mystery, redeemcode).
   */
  activity: (type: string, action: 'check' | 'claim') => `/api/${type}/${action}`,
  /** Ours: every activity of the site with the member's state, for /promotion/activity. */
  activitiesOverview: '/api/activities/overview',
  /** The chat rain (issue 15 item 2): the next rain and the caller's eligibility; claims in the window. */
  rain: { current: '/api/rain/current', claim: '/api/rain/claim' },
  /** POST: every bonus credited to the member (source, amount, wagering, status). */
  coverHistory: '/api/cover/history',
  /** Ours: POST, the member's claims (the /promotion/history screen). */
  promotionHistory: '/api/promotion/history',
  vipInfo: '/api/member/vip/info',
  vipHistory: '/api/member/vip/history',
  rebates: {
    list: '/api/games/rebates/list',
    details: '/api/games/rebates/details',
    /** Ours: moves the accrued rebate (fs_money) into the balance. */
    claim: '/api/games/rebates/claim',
  },
  agency: {
    subordinateRegister: '/api/agency/subordinate/register',
    reward: '/api/agency/reward',
    inviteRecord: '/api/agency/inviterecord',
    /** Ours: the member's invite code, link and team counts (/agency-center/invite, /agente). */
    overview: '/api/agency/overview',
    /** Ours: the subordinates list by level (/agency-center/agent). */
    subordinates: '/api/agency/subordinates',
    /** Ours: asks a member (phone, invite code, UID) to join the calling agent's team; the member decides. */
    bind: '/api/agency/bind',
    /** Ours: the caller's open bind requests (the information centre shows them with accept and decline). */
    bindRequests: '/api/agency/bind/requests',
    /** Ours: the caller accepts one of its bind requests ({ id }) and joins that agent's team. */
    bindAccept: '/api/agency/bind/accept',
    /** Ours: the caller declines one of its bind requests ({ id }). */
    bindDecline: '/api/agency/bind/decline',
    /** Ours: the caller enters an agent's invite code and joins that agent's team. */
    bindByCode: '/api/agency/bind/code',
    mechanismRecharge: '/api/agency/mechanism/recharge',
    mechanismBetting: '/api/agency/mechanism/betting',
    mechanismSettlement: '/api/agency/mechanism/settlement',
  },
  info: {
    support: '/api/informationcenter/support',
    notification: '/api/informationcenter/notification',
    announcement: '/api/informationcenter/announcement',
    /** Ours: POST { id? } marks one notification (or all) read. */
    notificationRead: '/api/informationcenter/notification/read',
    /** Ours: POST { id } marks an announcement read. */
    announcementRead: '/api/informationcenter/announcement/read',
    /** Ours: the unread badge (notifications + announcements). */
    unread: '/api/informationcenter/unread',
  },
  /** Terms, privacy and responsible-gaming policy documents (issue 15 item 4). */
  terms: {
    /** GET ?kind=terms|privacy|responsible: the version in force, in the reader's language. */
    current: '/api/terms/current',
    /** GET: versions announced and not yet in force, with their effective dates. */
    pending: '/api/terms/pending',
    /** POST { version, kind? }: the member accepts a version (stored with time and IP). */
    accept: '/api/terms/accept',
    /** GET: whether the member must accept terms in force before playing. */
    status: '/api/terms/status',
  },
  /** Reminder popups shown on entering the site (issue 15 item 5). */
  popups: {
    list: '/api/popups',
    /** POST: the member's "don't remind me" (the off flag). */
    off: (id: number | string) => `/api/popups/${id}/off`,
  },
  /** The sportsbook (issue 6): read endpoints are public; betting needs a member. */
  sports: {
    home: '/api/sports/home',
    competition: '/api/sports/competition',
    fixture: '/api/sports/fixture',
    virtual: '/api/sports/virtual',
    place: '/api/sports/bets/place',
    myBets: '/api/sports/bets/list',
    cashout: '/api/sports/bets/cashout',
  },
  gameRecord: '/api/game/record',
  day7Login: '/api/day7/day7LoginV2',
  day7Balance: '/api/day7/getAllBalance',
  /** The seamless wallet an external provider calls back (HMAC-signed): balance, bet, win, rollback, betwin. */
  seamless: (platType: string, action: string) => `/api/seamless/${platType}/${action}`,
  /** The built-in sandbox aggregator's game page (a real external provider, talking to us only by signed callbacks). */
  sandboxProviderPlay: '/sandbox-provider/play',
  fair: {
    /** GET: the active pair (server_seed_hash, client_seed, nonce) and the revealed history. */
    seeds: '/api/fair/seeds',
    /** POST { client_seed? }: reveals the active server seed and starts a new pair. */
    rotate: '/api/fair/rotate',
    /** GET (public): every shared round's chains (crash, double, live tables, bingo): commitments, beacon rounds, salts. */
    chains: '/api/fair/chains',
  },
  house: {
    config: '/api/house/config',
    dice: '/api/house/dice/bet',
    plinko: '/api/house/plinko/bet',
    roulette: '/api/house/roulette/bet',
    slot: (code: string) => `/api/house/slots/${code}/spin`,
    minesStart: '/api/house/mines/start',
    minesReveal: '/api/house/mines/reveal',
    minesCashout: '/api/house/mines/cashout',
    minesActive: '/api/house/mines/active',
    crashState: '/api/house/crash/state',
    crashBet: '/api/house/crash/bet',
    crashCashout: '/api/house/crash/cashout',
    doubleState: '/api/house/double/state',
    doubleBet: '/api/house/double/bet',
    blackjack: {
      start: '/api/house/blackjack/start',
      hit: '/api/house/blackjack/hit',
      stand: '/api/house/blackjack/stand',
      double: '/api/house/blackjack/double',
      split: '/api/house/blackjack/split',
      insurance: '/api/house/blackjack/insurance',
      active: '/api/house/blackjack/active',
    },
    videoPokerDeal: '/api/house/videopoker/deal',
    videoPokerDraw: '/api/house/videopoker/draw',
    /** GET: the member's dealt hand waiting for its draw (to resume it), or null. */
    videoPokerActive: '/api/house/videopoker/active',
    baccarat: '/api/house/baccarat/bet',
    bacbo: '/api/house/bacbo/bet',
    keno: '/api/house/keno/bet',
    hiloStart: '/api/house/hilo/start',
    hiloGuess: '/api/house/hilo/guess',
    hiloCashout: '/api/house/hilo/cashout',
    /** GET: the member's open Hi-Lo round (to resume it), or null. */
    hiloActive: '/api/house/hilo/active',
    limbo: '/api/house/limbo/bet',
    bingoRooms: '/api/house/bingo/rooms',
    bingoBuy: '/api/house/bingo/buy',
    liveRouletteState: '/api/house/live-roulette/state',
    liveRouletteBet: '/api/house/live-roulette/bet',
    liveBacboState: '/api/house/live-bacbo/state',
    liveBacboBet: '/api/house/live-bacbo/bet',
    /** A round by id with its seeds (server seed only once revealed): for the verify page. */
    round: (id: number | string) => `/api/house/rounds/${id}`,
    /** Websocket of the shared rounds (crash, double, bingo, the live tables): visitors watch, members bet and cash out. */
    socket: (game: 'crash' | 'double' | 'bingo' | 'live-roulette' | 'live-bacbo') => `/ws/${game}`,
  },
  security: {
    status: '/api/security/status',
    changePassword: '/api/security/password/change',
    setWithdrawalPassword: '/api/security/qk-password/set',
    verifyPassword: '/api/security/password/verify',
    sendEmailCode: '/api/security/email/send-code',
    bindEmail: '/api/security/email/bind',
  },
} as const;
