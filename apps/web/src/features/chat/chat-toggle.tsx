import { MessagesSquare } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadCommunityNamespace } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/translation.ts';
import { toggleChat, useChatOpen } from './chat-store.ts';

export { useChatOpen };

/** The chat panel: its own chunk, downloaded the first time a player opens the chat. */
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/** The chat button's label, once the community texts are here ("Chat" until then). */
function useChatLabel(): string {
  const { t } = useTranslation('community', { keyPrefix: 'chat' });
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
  return t('open', { defaultValue: 'Chat' });
}

/**
 * The header's chat button where the tab bar is gone (desktops, from 1024 px): opens the side
 * panel. Phones and tablets open the chat from the tab bar (ChatTab).
 */
export function ChatToggle() {
  const label = useChatLabel();
  const open = useChatOpen();
  return (
    <button
      type="button"
      onClick={toggleChat}
      aria-label={label}
      aria-expanded={open}
      title={label}
      data-testid="chat-toggle"
      className={`hidden size-9 lg:flex shrink-0 items-center justify-center rounded-full border transition ${open ? 'border-gold/60 bg-gold/15 text-gold' : 'border-line bg-surface text-soft hover:text-white'}`}
    >
      <MessagesSquare size={18} />
    </button>
  );
}

/**
 * The tab bar's chat tab (phones): the header has no room left there (balance, deposit, bell,
 * avatar; or log-in and sign-up), so the sheet opens from the tab bar.
 */
export function ChatTab() {
  const label = useChatLabel();
  const open = useChatOpen();
  return (
    <button
      type="button"
      onClick={toggleChat}
      aria-expanded={open}
      data-testid="chat-tab"
      className={`flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition ${open ? 'text-gold' : 'text-muted hover:text-soft'}`}
    >
      <MessagesSquare size={22} />
      <span className="max-w-full truncate px-0.5">{label}</span>
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
