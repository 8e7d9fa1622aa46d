import { API } from '@casino/shared/player-api-paths';
import type { Login2Body, Register2Body, UserInfo } from '@casino/shared/schemas/auth';
import { apiPost } from '../../lib/api.ts';

export type CaptchaAnswer = { captcha_key: string; img: string; expires_in: number; enabled: boolean };
export type LoginAnswer = { token: string; token_type: 'Bearer'; expires_in: number; user: UserInfo };

export const fetchCaptcha = () => apiPost<CaptchaAnswer>(API.captcha);
export const login = (body: Login2Body) => apiPost<LoginAnswer>(API.login, body);
export const register = (body: Register2Body) => apiPost<LoginAnswer>(API.register, body);
