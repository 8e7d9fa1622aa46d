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
  PAYOUT_FAILED: { status: 502, message: 'money.payout_failed' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The literal message of a 401, which the player site compares against (spec section 4). */
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
