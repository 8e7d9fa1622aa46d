import { createStore, useStore } from './store.ts';

/**
 * The support chat's panel and its unread count, shared by the pieces that open it: the floating
 * button (desktops, support-launcher.tsx) and the information centre's support page (phones,
 * where a floating button would cover the pages' own buttons above the tab bar).
 */
const support = createStore<{ open: boolean; unread: number }>({ open: false, unread: 0 });

export const openSupport = () => support.set((s) => ({ ...s, open: true }));
export const closeSupport = () => support.set((s) => ({ ...s, open: false }));
export const setSupportUnread = (unread: number) => {
  if (support.get().unread !== unread) support.set((s) => ({ ...s, unread }));
};
export const useSupportOpen = () => useStore(support).open;
export const useSupportUnreadCount = () => useStore(support).unread;
