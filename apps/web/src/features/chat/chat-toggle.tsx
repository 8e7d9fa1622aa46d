import { MessagesSquare } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadCommunityNamespace } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/translation.ts';
import { toggleChat, useChatOpen } from './chat-store.ts';

export { useChatOpen };

/** The chat panel: its own chunk, downloaded the first time a player opens the chat. */
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/** The header's chat button: opens the side panel (desktop) or the full-screen sheet (phone). */
export function ChatToggle() {
  const { t } = useTranslation('community', { keyPrefix: 'chat' });
  const open = useChatOpen();
  // The shell's community pieces share the namespace; the button reads "Chat" until it is here.
  const [, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loadCommunityNamespace()
      .then(() => live && setReady(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const label = t('open', { defaultValue: 'Chat' });
  return (
    <button
      type="button"
      onClick={toggleChat}
      aria-label={label}
      aria-expanded={open}
      title={label}
      data-testid="chat-toggle"
      className={`flex size-9 shrink-0 items-center justify-center rounded-full border transition ${open ? 'border-gold/60 bg-gold/15 text-gold' : 'border-line bg-surface text-soft hover:text-white'}`}
    >
      <MessagesSquare size={18} />
    </button>
  );
}

/** Where the panel lives in the shell (main-layout.tsx): nothing until the chat is opened. */
export function ChatDock() {
  const open = useChatOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  );
}
