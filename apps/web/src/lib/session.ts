import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '@casino/shared/constants';
import type { UserInfo } from '@casino/shared/schemas/auth';
import { createStore, useStore } from './store.ts';

/** User info when nobody is logged in: the spec's defaults (money "0.00", gender 0). */
export const EMPTY_USER: UserInfo = {
  id: 0,
  name: '',
  nickname: null,
  realname: '',
  email: null,
  phone: '',
  qq: null,
  gender: 0,
  invite_code: '',
  money: '0.00',
  fs_money: '0.00',
  ml_money: '0.00',
  total_money: '0.00',
  total_slot_money: '0.00',
  total_live_money: '0.00',
  score: 0,
  status: 0,
  is_tips_on: 0,
  is_in_on: 0,
  is_trans_on: 0,
  is_demo: 0,
  lang: '',
  register_ip: null,
  register_area: null,
  register_site: null,
  site: null,
  is_ms_reg: 0,
  top_id: null,
  agent_id: null,
  total_credit: '0.00',
  used_credit: '0.00',
  level: 0,
  slot_level: 0,
  live_level: 0,
  level_name: '',
  profile_url: null,
  created_at: '',
  updated_at: '',
  deleted_at: null,
  has_qk_pwd: false,
  d7_map: null,
  day7_id: null,
  profile_incomplete: false,
  missing_fields: [],
};

export type Session = { token: string | null; user: UserInfo };

function readStorage(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode); the session then lives in memory only.
  }
}

function readUser(): UserInfo {
  const raw = readStorage(USER_STORAGE_KEY);
  if (!raw) return EMPTY_USER;
  try {
    return { ...EMPTY_USER, ...(JSON.parse(raw) as Partial<UserInfo>) };
  } catch {
    return EMPTY_USER;
  }
}

/** The bearer token lives in sessionStorage (spec section 4), mirrored here for React. */
const session = createStore<Session>({ token: readStorage(TOKEN_STORAGE_KEY), user: readUser() });

export const getToken = () => session.get().token;
export const getUser = () => session.get().user;
export const useSession = () => useStore(session);
export const useIsLoggedIn = () => useStore(session).token !== null;

export function startSession(token: string, user: UserInfo): void {
  writeStorage(TOKEN_STORAGE_KEY, token);
  writeStorage(USER_STORAGE_KEY, JSON.stringify(user));
  session.set({ token, user });
}

export function setUser(user: UserInfo): void {
  writeStorage(USER_STORAGE_KEY, JSON.stringify(user));
  session.set((current) => ({ ...current, user }));
}

/** Forgets the token and resets user info to the empty defaults. */
export function clearSession(): void {
  writeStorage(TOKEN_STORAGE_KEY, null);
  writeStorage(USER_STORAGE_KEY, null);
  session.set({ token: null, user: EMPTY_USER });
}
