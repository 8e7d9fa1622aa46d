import { createStore, useStore } from './store.ts';

/** Login and register are modals as well as pages (spec section 2): one open flag each. */
export type AuthModals = { login: boolean; register: boolean };

const modals = createStore<AuthModals>({ login: false, register: false });

export const openLogin = () => modals.set({ login: true, register: false });
export const openRegister = () => modals.set({ login: false, register: true });
export const closeAuthModals = () => modals.set({ login: false, register: false });
export const useAuthModals = () => useStore(modals);
