/**
 * Every failure the API can answer, with its HTTP status and the catalogue key of its message
 * (namespace `server`). Handlers return these codes; the error handler turns them into the
 * envelope. One table, so a code cannot drift from its status.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 422, message: 'errors.fix_form' },
  BAD_PARAMETERS: { status: 422, message: 'errors.bad_parameters' },
  UNAUTHENTICATED: { status: 401, message: 'errors.unauthenticated' },
  FORBIDDEN: { status: 403, message: 'errors.forbidden' },
  NOT_FOUND: { status: 404, message: 'errors.not_found' },
  CONFLICT: { status: 409, message: 'errors.conflict' },
  RATE_LIMITED: { status: 429, message: 'errors.rate_limited' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'errors.payload_too_large' },
  INTERNAL: { status: 500, message: 'errors.internal' },
  CAPTCHA_INVALID: { status: 422, message: 'validation.captcha_again' },
  ACCOUNT_TAKEN: { status: 422, message: 'validation.account_taken' },
  PHONE_TAKEN: { status: 422, message: 'validation.phone_taken' },
  EMAIL_TAKEN: { status: 422, message: 'validation.email_taken' },
  INVITE_CODE_UNKNOWN: { status: 422, message: 'validation.invite_code_unknown' },
  LOGIN_FAILED: { status: 422, message: 'auth.login_failed' },
  /** A registration that failed for a reason no field explains (the detail stays in the log). */
  REGISTRATION_FAILED: { status: 500, message: 'auth.register_failed' },
  ACCOUNT_FROZEN: { status: 403, message: 'auth.account_frozen' },
  PASSWORD_WRONG: { status: 422, message: 'security.password_wrong' },
  PASSWORD_SAME: { status: 422, message: 'validation.password_same' },
  CONTACT_SUPPORT_FOR_PASSWORD: { status: 403, message: 'security.contact_support' },
  EMAIL_CODE_INVALID: { status: 422, message: 'security.email_code_invalid' },
  EMAIL_CODE_EXPIRED: { status: 422, message: 'security.email_code_expired' },
  EMAIL_CODE_TOO_MANY: { status: 429, message: 'security.email_code_too_many' },
  AVATAR_UNKNOWN: { status: 422, message: 'profile.avatar_unknown' },
  SITE_UNKNOWN: { status: 404, message: 'site.unknown' },
  OPERATOR_LOGIN_FAILED: { status: 422, message: 'admin.login_failed' },
  /** Too many wrong passwords (or codes) for one account from this address, or from this address at all. */
  LOGIN_THROTTLED: { status: 429, message: 'auth.login_throttled' },
  /** The password was right; the operator's second factor comes next (the answer carries `challenge`). */
  TOTP_REQUIRED: { status: 401, message: 'admin.totp_required' },
  TOTP_INVALID: { status: 422, message: 'admin.totp_invalid' },
  TOTP_CHALLENGE_EXPIRED: { status: 401, message: 'admin.totp_challenge_expired' },
  /** An operator whose role needs a second factor (in production) may only enrol one until it has. */
  TOTP_ENROLMENT_REQUIRED: { status: 403, message: 'admin.totp_enrolment_required' },
  TOTP_ALREADY_ENABLED: { status: 409, message: 'admin.totp_already_enabled' },
  TOTP_NOT_ENABLED: { status: 409, message: 'admin.totp_not_enabled' },
  TOTP_SETUP_MISSING: { status: 409, message: 'admin.totp_setup_missing' },
  /** An operator resets others' second factor; its own it switches off with a code. */
  TOTP_RESET_SELF: { status: 403, message: 'admin.totp_reset_self' },
  INSUFFICIENT_FUNDS: { status: 422, message: 'errors.insufficient_funds' },
  NOT_LOGGED_IN: { status: 401, message: 'errors.not_logged_in' },
  CHANNEL_UNKNOWN: { status: 422, message: 'money.channel_unknown' },
  AMOUNT_BELOW_MIN: { status: 422, message: 'money.amount_below_min' },
  AMOUNT_ABOVE_MAX: { status: 422, message: 'money.amount_above_max' },
  ORDER_NOT_FOUND: { status: 404, message: 'money.order_not_found' },
  QK_PWD_NOT_SET: { status: 422, message: 'money.qk_pwd_not_set' },
  QK_PWD_WRONG: { status: 422, message: 'money.qk_pwd_wrong' },
  QK_PWD_LOCKED: { status: 429, message: 'money.qk_pwd_locked' },
  WAGERING_PENDING: { status: 422, message: 'money.wagering_pending' },
  TOO_MANY_PENDING: { status: 422, message: 'money.too_many_pending' },
  BANK_NOT_FOUND: { status: 422, message: 'money.bank_not_found' },
  BANK_MISMATCH: { status: 422, message: 'money.bank_mismatch' },
  CPF_MISMATCH: { status: 422, message: 'money.cpf_mismatch' },
  CPF_TAKEN: { status: 422, message: 'money.cpf_taken' },
  KEY_EXISTS: { status: 422, message: 'money.key_exists' },
  TOO_MANY_KEYS: { status: 422, message: 'money.too_many_keys' },
  WITHDRAWAL_NOT_PENDING: { status: 409, message: 'money.withdrawal_not_pending' },
  /** A client's idempotency key (Idempotency-Key, request_id) sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: 'errors.idempotency_key_reused' },
  PAYOUT_FAILED: { status: 502, message: 'money.payout_failed' },
  GAME_NOT_FOUND: { status: 404, message: 'games.not_found' },
  GAME_DISABLED: { status: 422, message: 'games.disabled' },
  FOLLOW_FAILED: { status: 422, message: 'games.follow_failed' },
  FOLLOW_LIST_FAILED: { status: 422, message: 'games.follow_list_failed' },
  BET_BELOW_MIN: { status: 422, message: 'games.bet_below_min' },
  BET_ABOVE_MAX: { status: 422, message: 'games.bet_above_max' },
  BETTING_CLOSED: { status: 422, message: 'games.betting_closed' },
  ROUND_NOT_FOUND: { status: 404, message: 'games.round_not_found' },
  ROUND_FINISHED: { status: 409, message: 'games.round_finished' },
  ALREADY_CASHED_OUT: { status: 409, message: 'games.already_cashed_out' },
  ROUND_IN_PROGRESS: { status: 409, message: 'games.round_in_progress' },
  ALREADY_BET: { status: 409, message: 'games.already_bet' },
  CASHOUT_TOO_EARLY: { status: 422, message: 'games.cashout_too_early' },
  NO_ACTIVE_BET: { status: 409, message: 'games.no_active_bet' },
  ROUND_NOT_STARTED: { status: 409, message: 'games.round_not_started' },
  TILE_INVALID: { status: 422, message: 'games.tile_invalid' },
  SEED_INVALID: { status: 422, message: 'games.seed_invalid' },
  /** Hi-Lo: a guess no rank can win from the current card (higher than a king, lower than an ace). */
  HILO_GUESS_IMPOSSIBLE: { status: 422, message: 'games.hilo_guess_impossible' },
  /** Hi-Lo: a cash-out before any correct guess. */
  HILO_CASHOUT_TOO_EARLY: { status: 422, message: 'games.hilo_cashout_too_early' },
  /** Video poker: held positions out of 0..4, repeated, or not five booleans. */
  HOLD_INVALID: { status: 422, message: 'games.hold_invalid' },
  /** Blackjack: a move the hand's state does not allow now (hit after the hand stood, a move while insurance is asked...). */
  BLACKJACK_MOVE_NOT_ALLOWED: { status: 409, message: 'blackjack.move_not_allowed' },
  /** Blackjack: double only on a hand's first two cards. */
  BLACKJACK_CANNOT_DOUBLE: { status: 409, message: 'blackjack.cannot_double' },
  /** Blackjack: split only two cards of the same value, up to 4 hands, split aces once. */
  BLACKJACK_CANNOT_SPLIT: { status: 409, message: 'blackjack.cannot_split' },
  /** Blackjack: insurance only when the dealer shows an ace, decided once. */
  BLACKJACK_NO_INSURANCE: { status: 409, message: 'blackjack.insurance_not_offered' },
  WALLET_BAD_SIGNATURE: { status: 401, message: 'wallet.bad_signature' },
  WALLET_SESSION_EXPIRED: { status: 401, message: 'wallet.session_expired' },
  WALLET_DUPLICATE: { status: 409, message: 'wallet.duplicate' },
  WALLET_UNKNOWN_TX: { status: 404, message: 'wallet.unknown_transaction' },
  WALLET_BET_SETTLED: { status: 409, message: 'wallet.bet_settled' },
  WALLET_BET_ROLLED_BACK: { status: 409, message: 'wallet.bet_rolled_back' },
  // Promotions (spec section 8 texts): the spec has three claim outcomes, so an ended activity,
  // a reward already taken and an ineligible member all read "Not eligible to receive".
  NOT_ELIGIBLE: { status: 422, message: 'promo.not_eligible' },
  ALREADY_CLAIMED: { status: 422, message: 'promo.not_eligible' },
  ACTIVITY_ENDED: { status: 422, message: 'promo.not_eligible' },
  ACTIVITY_NOT_STARTED: { status: 422, message: 'promo.not_eligible' },
  ACTIVITY_DISABLED: { status: 422, message: 'promo.not_eligible' },
  NO_ELIGIBLE_TOPUPS: { status: 422, message: 'promo.no_topups' },
  REWARD_NOT_ELIGIBLE: { status: 403, message: 'promo.reward_not_eligible' },
  /** A VIP-gated reward (spec section 6): the check's state reads "Upgrade required", a refused claim this. */
  UPGRADE_REQUIRED: { status: 403, message: 'promo.user_not_eligible' },
  /** A claim or agency call naming a member that is not the caller (never reveals who exists). */
  USER_DOES_NOT_EXIST: { status: 409, message: 'promo.user_does_not_exist' },
  NO_SPINS_LEFT: { status: 422, message: 'promo.no_spins' },
  /** The lottery wheel's free spin waits for the member's CPF (bind a PIX key first). */
  FREE_SPIN_NEEDS_CPF: { status: 422, message: 'promo.free_spin_needs_cpf' },
  REGULATED_PROFILE: { status: 403, message: 'promo.regulated' },
  REDEEM_CODE_INVALID: { status: 422, message: 'promo.redeem_invalid' },
  REDEEM_CODE_USED_UP: { status: 422, message: 'promo.redeem_used_up' },
  NOTHING_TO_CLAIM: { status: 422, message: 'promo.nothing_to_claim' },
  // One bonus per deposit (bonus stacking off): the deposit funded another bonus, the member chose
  // another one (or none) for it, or a deposit asks for a bonus it cannot have.
  DEPOSIT_FUNDED_OTHER: { status: 422, message: 'promo.deposit_funded' },
  DEPOSIT_BONUS_CHOSEN: { status: 422, message: 'promo.deposit_chosen' },
  DEPOSIT_NO_BONUS: { status: 422, message: 'promo.deposit_no_bonus' },
  DEPOSIT_BONUS_UNAVAILABLE: { status: 422, message: 'promo.bonus_unavailable' },
  // Responsible gaming (issue 12): each refusal says when it resets in its message.
  DEPOSIT_LIMIT_REACHED: { status: 403, message: 'responsible.deposit_limit_reached' },
  LOSS_LIMIT_REACHED: { status: 403, message: 'responsible.loss_limit_reached' },
  WAGER_LIMIT_REACHED: { status: 403, message: 'responsible.wager_limit_reached' },
  SESSION_TIME_LIMIT_REACHED: { status: 403, message: 'responsible.time_limit_reached' },
  /** The member paused play (1 to 42 days): no bets, deposits or bonuses until it ends. */
  ACCOUNT_PAUSED: { status: 403, message: 'responsible.paused' },
  /** Self-excluded (or excluded by the federal register): the account only withdraws. */
  SELF_EXCLUDED: { status: 403, message: 'responsible.self_excluded' },
  /** A registration with a CPF that is self-excluded here, or "Impedido" on the federal register. */
  CPF_EXCLUDED: { status: 403, message: 'responsible.cpf_excluded' },
  /** A pause or exclusion is running: it cannot be shortened or lifted. */
  RESTRICTION_ACTIVE: { status: 409, message: 'responsible.restriction_active' },
  /** The regulated profile: deposits and bets wait for an approved identity. */
  IDENTITY_NOT_VERIFIED: { status: 403, message: 'responsible.identity_required' },
  // Agency.
  ALREADY_BOUND: { status: 422, message: 'agency.already_bound' },
  BIND_NOT_ALLOWED: { status: 422, message: 'agency.bind_not_allowed' },
  /** Another agent's request to this member is still open. */
  BIND_REQUEST_PENDING: { status: 422, message: 'agency.bind_request_pending' },
  /** A bind request the caller does not have (another member's id reads the same). */
  BIND_REQUEST_NOT_FOUND: { status: 404, message: 'agency.bind_request_not_found' },
  /** The request was already answered, or expired. */
  BIND_REQUEST_CLOSED: { status: 422, message: 'agency.bind_request_closed' },
  /** The member side of ALREADY_BOUND: the caller already has an inviter. */
  ALREADY_HAS_INVITER: { status: 422, message: 'agency.already_has_inviter' },
  /** The caller cannot join this team (its own code, or a team below it). */
  JOIN_NOT_ALLOWED: { status: 422, message: 'agency.join_not_allowed' },
  /** A member enters an invite code only in its first week. */
  JOIN_WINDOW_CLOSED: { status: 422, message: 'agency.join_window_closed' },
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'info.notification_not_found' },
  // Sportsbook.
  SPORTS_SELECTION_UNKNOWN: { status: 422, message: 'sports.selection_unknown' },
  SPORTS_MARKET_SUSPENDED: { status: 422, message: 'sports.market_suspended' },
  SPORTS_MARKET_CLOSED: { status: 422, message: 'sports.market_closed' },
  SPORTS_ODDS_CHANGED: { status: 409, message: 'sports.odds_changed' },
  SPORTS_SAME_FIXTURE: { status: 422, message: 'sports.same_fixture' },
  SPORTS_TOO_MANY_LEGS: { status: 422, message: 'sports.too_many_legs' },
  SPORTS_STAKE_BELOW_MIN: { status: 422, message: 'sports.stake_below_min' },
  SPORTS_STAKE_ABOVE_MAX: { status: 422, message: 'sports.stake_above_max' },
  SPORTS_PAYOUT_ABOVE_MAX: { status: 422, message: 'sports.payout_above_max' },
  SPORTS_LIABILITY_EXCEEDED: { status: 422, message: 'sports.liability_exceeded' },
  SPORTS_BET_NOT_FOUND: { status: 404, message: 'sports.bet_not_found' },
  SPORTS_CASHOUT_UNAVAILABLE: { status: 422, message: 'sports.cashout_unavailable' },
  SPORTS_CASHOUT_CHANGED: { status: 409, message: 'sports.cashout_changed' },
  SPORTS_FIXTURE_NOT_FOUND: { status: 404, message: 'sports.fixture_not_found' },
  SPORTS_RESULT_INVALID: { status: 422, message: 'sports.result_invalid' },
  // Identity checks (issue 12 item 5).
  /** Documents already wait for a decision: a new set is refused until then. */
  KYC_ALREADY_PENDING: { status: 409, message: 'kyc.already_pending' },
  KYC_ALREADY_APPROVED: { status: 409, message: 'kyc.already_approved' },
  KYC_SUBMISSION_NOT_FOUND: { status: 404, message: 'kyc.submission_not_found' },
  KYC_DOCUMENT_NOT_FOUND: { status: 404, message: 'kyc.document_not_found' },
  CPF_REGISTRY_NOT_FOUND: { status: 404, message: 'kyc.registry_not_found' },
  // Centralised self-exclusion and balance returns (issue 12 items 3, 4, 10).
  /** The federal self-exclusion register did not answer: a registration waits until it does. */
  CENTRAL_EXCLUSION_UNAVAILABLE: { status: 503, message: 'central.unavailable' },
  /** Only a queued balance return can be marked paid by hand (one already paid stays paid). */
  BALANCE_RETURN_NOT_QUEUED: { status: 409, message: 'central.return_not_queued' },
  // Support chat (issue 15 item 6).
  /** Another member's conversation reads the same as one that does not exist. */
  SUPPORT_CONVERSATION_NOT_FOUND: { status: 404, message: 'support.conversation_not_found' },
  SUPPORT_ATTACHMENT_NOT_FOUND: { status: 404, message: 'support.attachment_not_found' },
  SUPPORT_TOO_MANY_OPEN: { status: 422, message: 'support.too_many_open' },
  SUPPORT_CONVERSATION_FULL: { status: 422, message: 'support.conversation_full' },
  SUPPORT_CONVERSATION_CLOSED: { status: 422, message: 'support.conversation_closed' },
  SUPPORT_CANNED_NOT_FOUND: { status: 404, message: 'support.canned_not_found' },
  // Terms and policies (issue 15 item 4).
  /** Terms in force that the member has not accepted yet: bets wait until they do. */
  TERMS_NOT_ACCEPTED: { status: 403, message: 'terms.not_accepted' },
  /** A change to a document in force takes effect at least 14 days after it is published. */
  TERMS_NOTICE_TOO_SHORT: { status: 422, message: 'terms.notice_too_short' },
  /** Only a draft can be changed or published. */
  TERMS_NOT_DRAFT: { status: 409, message: 'terms.not_draft' },
  TERMS_VERSION_UNKNOWN: { status: 422, message: 'terms.version_unknown' },
  POPUP_NOT_FOUND: { status: 404, message: 'terms.popup_not_found' },
  // Community chat (issue 15 item 1): each refusal says why, in the reader's language.
  /** A visitor writing in the chat: log in first. */
  CHAT_LOGIN_REQUIRED: { status: 401, message: 'chat.login_required' },
  CHAT_TEXT_EMPTY: { status: 422, message: 'chat.empty' },
  CHAT_TEXT_TOO_LONG: { status: 422, message: 'chat.too_long' },
  CHAT_LINK_BLOCKED: { status: 422, message: 'chat.link_blocked' },
  CHAT_PHONE_BLOCKED: { status: 422, message: 'chat.phone_blocked' },
  CHAT_PROFANITY: { status: 422, message: 'chat.profanity' },
  /** The same text again within a few minutes. */
  CHAT_REPEATED: { status: 429, message: 'chat.repeated' },
  /** More messages than the rate allows (CHAT_RATE_LIMIT per 30 s); `retry_after` in seconds. */
  CHAT_TOO_FAST: { status: 429, message: 'chat.too_fast' },
  CHAT_MUTED: { status: 403, message: 'chat.muted' },
  CHAT_BANNED: { status: 403, message: 'chat.banned' },
  CHAT_MESSAGE_NOT_FOUND: { status: 404, message: 'chat.message_not_found' },
  CHAT_SANCTION_NOT_FOUND: { status: 404, message: 'chat.sanction_not_found' },
  // The chat rain (issue 15 item 2).
  /** The member does not meet a rule of the rain (the message names which). */
  RAIN_NOT_ELIGIBLE: { status: 422, message: 'rain.not_eligible' },
  /** The rain's claim window is not open (not yet, or closed). */
  RAIN_CLOSED: { status: 409, message: 'rain.closed' },
  /** This member, or another account with the same CPF, already claimed this rain. */
  RAIN_ALREADY_CLAIMED: { status: 409, message: 'rain.already_claimed' },
  /** The rain is paid to every eligible member automatically: there is nothing to claim. */
  RAIN_CLAIM_OFF: { status: 409, message: 'rain.claim_off' },
  RAIN_NOT_FOUND: { status: 404, message: 'rain.not_found' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The literal message of a 401, which the player site compares against (spec section 4). */
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
