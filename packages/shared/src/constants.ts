/** Business constants of the spec (section 9) and limits of the product. */
export const CURRENCY = 'BRL';
export const MIN_AGE = 18;
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MAX = 64;
export const WITHDRAWAL_PASSWORD_PATTERN = /^\d{6}$/;
export const DESKTOP_BACKGROUND_MIN_WIDTH_PX = 600;
export const SW_UPDATE_CHECK_MS = 60_000;
export const SW_WAITING_DELAY_MS = 200;
export const CAPTCHA_TTL_MS = 5 * 60_000;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Session storage key of the bearer token (spec section 4). */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'userInfo';
/**
 * The federal platform where a person excludes themselves from every licensed operator (issue 12).
 * Here, not only in schemas/responsible.ts, so the site's footer links it without loading schemas.
 */
export const CENTRAL_EXCLUSION_URL = 'https://www.gov.br/autoexclusaoapostas';

/** Member status values. */
export const MEMBER_STATUS = { active: 1, frozen: 2 } as const;

/**
 * The chat's rooms (one per site language) and longest message, and the live wins strip's list
 * sizes (issue 15). Here, not only in schemas/chat.ts and schemas/feed.ts, so the shell's chat
 * button and the home page's strip read them without loading zod and the schemas.
 */
export const CHAT_ROOMS = ['pt', 'en', 'zh', 'vi', 'id', 'ms', 'th', 'tr'] as const;
export type ChatRoom = (typeof CHAT_ROOMS)[number];
export const CHAT_MAX_LENGTH = 200;
export const FEED_LATEST_SIZE = 12;
export const FEED_TOP_SIZE = 10;
