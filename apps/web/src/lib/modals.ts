import { createStore, useStore } from './store.ts';

/** Login and register are modals as well as pages (spec section 2): one open flag each. */
export type AuthModals = { login: boolean; register: boolean };

const modals = createStore<AuthModals>({ login: false, register: false });

export const openLogin = () => modals.set({ login: true, register: false });
export const openRegister = () => modals.set({ login: false, register: true });
export const closeAuthModals = () => modals.set({ login: false, register: false });
export const useAuthModals = () => useStore(modals);

/**
 * The withdrawal password form as a dialog over the current page (the withdraw page's "Criar agora"
 * opens it there, so the player never leaves the withdrawal it was making).
 */
const withdrawalPassword = createStore<{ open: boolean }>({ open: false });

export const openWithdrawalPassword = () => withdrawalPassword.set({ open: true });
export const closeWithdrawalPassword = () => withdrawalPassword.set({ open: false });
export const useWithdrawalPasswordModal = () => useStore(withdrawalPassword).open;
