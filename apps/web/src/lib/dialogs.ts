import { createStore, useStore } from './store.ts';

/** The "login expired" question (spec section 4) is asked once, however many calls failed. */
const loginExpired = createStore(false);

export const showLoginExpired = () => loginExpired.set(true);
export const hideLoginExpired = () => loginExpired.set(false);
export const useLoginExpired = () => useStore(loginExpired);

/**
 * A bet refused by the responsible-gaming rules (a limit, a pause, an exclusion): its message,
 * shown in a dialog that stays until read (lib/care-refusals.ts tells those refusals apart).
 */
const careRefusal = createStore<string | null>(null);

export const showCareRefusal = (message: string) => careRefusal.set(message);
export const hideCareRefusal = () => careRefusal.set(null);
export const useCareRefusal = () => useStore(careRefusal);

/**
 * Terms in force that the member has not accepted (issue 15): a bet answered 403
 * TERMS_NOT_ACCEPTED opens the acceptance dialog (features/terms/terms-shell.tsx).
 */
const termsGate = createStore(0);

export const showTermsGate = () => termsGate.set(termsGate.get() + 1);
export const useTermsGate = () => useStore(termsGate);
