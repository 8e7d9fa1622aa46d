import { createStore, useStore } from './store.ts';

/** The "login expired" question (spec section 4) is asked once, however many calls failed. */
const loginExpired = createStore(false);

export const showLoginExpired = () => loginExpired.set(true);
export const hideLoginExpired = () => loginExpired.set(false);
export const useLoginExpired = () => useStore(loginExpired);
