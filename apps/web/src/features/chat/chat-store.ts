import { CHAT_ROOMS, type ChatRoom } from '@casino/shared/constants';
import { currentLanguage } from '../../lib/i18n.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** Whether the chat is open, and the room chosen (null: the room of the site's language). */
const chat = createStore<{ open: boolean; room: ChatRoom | null }>({ open: false, room: null });

export const openChat = () => chat.set((s) => ({ ...s, open: true }));
export const closeChat = () => chat.set((s) => ({ ...s, open: false }));
export const toggleChat = () => chat.set((s) => ({ ...s, open: !s.open }));
export const chooseRoom = (room: ChatRoom) => chat.set((s) => ({ ...s, room }));
export const useChatOpen = () => useStore(chat).open;

/** The room shown: the one chosen, else the one of the site's language. */
export function useChatRoom(): ChatRoom {
  const chosen = useStore(chat).room;
  if (chosen) return chosen;
  const language = currentLanguage();
  return (CHAT_ROOMS as readonly string[]).includes(language) ? (language as ChatRoom) : 'pt';
}
