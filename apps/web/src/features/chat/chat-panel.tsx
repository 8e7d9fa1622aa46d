import { LANGUAGES } from '@casino/shared/languages';
import { CHAT_MAX_LENGTH, CHAT_ROOMS, type ChatRoom } from '@casino/shared/constants';
import type { ChatMessage, ChatServerMessage } from '@casino/shared/schemas/chat';
import { ArrowDown, MessagesSquare, SendHorizontal } from 'lucide-react';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/button.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { ApiError, errorMessage, isSessionError } from '../../lib/api.ts';
import { currentLanguage, htmlLangOf, loadCommunityNamespace } from '../../lib/i18n.ts';
import { openLogin, openRegister } from '../../lib/modals.ts';
import { useSession } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { sendChatMessage, useChatFeed, useChatRooms } from './chat.api.ts';
import { chooseRoom, closeChat, useChatRoom } from './chat-store.ts';
import { RainCard } from './rain-card.tsx';

// The panel is its own chunk (chat-toggle.tsx): its texts first.
await loadCommunityNamespace();

/** Within this many pixels of the bottom the list follows new messages. */
const STICK_PX = 80;
const MENTION = /(@[\p{L}\p{N}_.*-]{2,32})/u;

const timeFormat = new Intl.DateTimeFormat(htmlLangOf(currentLanguage()), { hour: '2-digit', minute: '2-digit' });

/**
 * The community chat (issue 15 item 1): a panel on the right of desktops (toggled from the header),
 * a full-screen sheet on phones. The room follows the site's language and can be switched;
 * visitors read and are invited to log in to write; the composer shows the server's refusals;
 * mentions of the member are highlighted; the list follows new messages unless the player
 * scrolled up; the socket reconnects by itself.
 */
export default function ChatPanel() {
  const { t } = useTranslation('community', { keyPrefix: 'chat' });
  const titleId = useId();
  const room = useChatRoom();
  const { token } = useSession();
  const rooms = useChatRooms(token);
  const me = rooms.data?.me ?? null;
  const [notice, setNotice] = useState<string | null>(null);

  const onEvent = useCallback(
    (message: ChatServerMessage) => {
      if (message.type === 'muted' && me && message.nick === me) {
        setNotice(
          message.kind === 'ban'
            ? t('banned_you')
            : t('muted_you', { until: message.until ? timeFormat.format(new Date(message.until)) : '' }),
        );
      }
      if (message.type === 'error') setNotice(message.message);
    },
    [me, t],
  );
  const feed = useChatFeed(room, token, onEvent);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeChat();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      data-testid="chat-panel"
      className="animate-sheet-in fixed inset-0 z-50 flex flex-col bg-night lg:inset-auto lg:top-0 lg:right-0 lg:bottom-0 lg:z-40 lg:w-[360px] lg:border-l lg:border-line lg:shadow-2xl"
    >
      <header className="flex items-center gap-2 border-b border-line/70 px-3 py-2.5 pt-[max(0.625rem,env(safe-area-inset-top))]">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gold/15 text-gold">
          <MessagesSquare size={18} />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-bold text-white" title={t('title')}>
          {t('open')}
          <span className="sr-only"> — {t('title')}</span>
        </h2>
        <label className="sr-only" htmlFor={`${titleId}-room`}>
          {t('room')}
        </label>
        <select
          id={`${titleId}-room`}
          value={room}
          onChange={(event) => {
            setNotice(null);
            chooseRoom(event.target.value as ChatRoom);
          }}
          data-testid="chat-room"
          className="h-9 max-w-[9.5rem] rounded-lg border border-line bg-surface px-2 text-sm text-soft"
        >
          {CHAT_ROOMS.map((code) => (
            <option key={code} value={code}>
              {LANGUAGES.find((l) => l.code === code)?.name ?? code}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={closeChat}
          aria-label={t('close')}
          data-testid="chat-close"
          className="flex size-9 shrink-0 items-center justify-center rounded-full text-soft hover:bg-surface-2 hover:text-white"
        >
          <CloseIcon />
        </button>
      </header>

      {/* The chat rain (issue 15 item 2): countdown, pot, eligibility and the claim, above the messages. */}
      <RainCard className="mx-3 mt-2" />

      {feed.status === 'reconnecting' ? (
        <p className="bg-surface-2 px-3 py-1.5 text-center text-xs text-muted" role="status" data-testid="chat-reconnecting">
          {t('reconnecting')}
        </p>
      ) : null}

      <MessageList messages={feed.messages} me={me} loading={feed.status === 'connecting' && feed.messages.length === 0} />

      {token ? (
        <Composer
          room={room}
          notice={notice}
          onNotice={setNotice}
          onSent={(message) => {
            feed.add(message);
          }}
        />
      ) : (
        <div className="border-t border-line/70 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]" data-testid="chat-login">
          <p className="mb-2 text-center text-sm text-soft">{t('login_to_write')}</p>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" onClick={openLogin} className={buttonClass('ghost', 'md')}>
              {t('login')}
            </button>
            <button type="button" onClick={openRegister} className={buttonClass('gold', 'md')}>
              {t('register')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}

function MessageList({ messages, me, loading }: { messages: ChatMessage[]; me: string | null; loading: boolean }) {
  const { t } = useTranslation('community', { keyPrefix: 'chat' });
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const [behind, setBehind] = useState(false);
  const lastId = messages.at(-1)?.id;

  // Follow new messages while the player is at the bottom; otherwise offer a jump.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element || lastId === undefined) return;
    if (stick.current) element.scrollTop = element.scrollHeight;
    else setBehind(true);
  }, [lastId]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
    if (stick.current) setBehind(false);
  };
  const jump = () => {
    const element = list.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    stick.current = true;
    setBehind(false);
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <ol
        ref={list}
        onScroll={onScroll}
        aria-live="polite"
        aria-relevant="additions"
        data-testid="chat-messages"
        className="min-h-0 flex-1 space-y-1 overflow-y-auto overscroll-contain px-3 py-3"
      >
        {messages.length === 0 ? (
          <li className="px-2 py-10 text-center text-sm text-muted" data-testid="chat-empty">
            {loading ? t('loading') : t('empty')}
          </li>
        ) : (
          messages.map((message) => <MessageLine key={message.id} message={message} me={me} />)
        )}
      </ol>
      {behind ? (
        <button
          type="button"
          onClick={jump}
          className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-gold px-3 py-1.5 text-xs font-semibold text-ink shadow-lg"
        >
          <ArrowDown size={14} />
          {t('new_messages')}
        </button>
      ) : null}
    </div>
  );
}

function MessageLine({ message, me }: { message: ChatMessage; me: string | null }) {
  const { t } = useTranslation('community', { keyPrefix: 'chat' });
  const mine = me !== null && message.nick === me && !message.operator;
  const mentionsMe = me !== null && message.mentions.some((m) => m.toLowerCase() === me.toLowerCase());
  return (
    <li
      data-testid="chat-message"
      data-mentions-me={mentionsMe ? 'true' : undefined}
      className={`rounded-xl px-2.5 py-1.5 text-sm leading-snug ${mentionsMe ? 'border-l-2 border-gold bg-gold/10' : mine ? 'bg-surface/70' : ''}`}
    >
      <span className={`mr-1.5 font-semibold ${message.operator ? 'text-money' : mine ? 'text-gold' : 'text-sky-300'}`}>
        {message.nick}
        {message.operator ? (
          <span className="ml-1 rounded bg-money/15 px-1 py-px text-[10px] font-bold uppercase text-money">{t('team')}</span>
        ) : null}
      </span>
      <span className="break-words text-soft">{highlight(message.text, me)}</span>
      <time dateTime={message.created_at} className="ml-1.5 text-[11px] whitespace-nowrap text-muted">
        {timeFormat.format(new Date(message.created_at))}
      </time>
    </li>
  );
}

/** The text with its @mentions marked; the reader's own nick stands out. */
function highlight(text: string, me: string | null): ReactNode[] {
  return text.split(MENTION).map((part, index) => {
    if (index % 2 === 0) return part;
    const own =
      me !== null &&
      part
        .slice(1)
        .replace(/[.-]+$/, '')
        .toLowerCase() === me.toLowerCase();
    return (
      <mark
        key={index}
        data-testid={own ? 'chat-mention-me' : undefined}
        className={own ? 'rounded bg-gold/25 px-0.5 font-semibold text-gold' : 'bg-transparent font-medium text-sky-300'}
      >
        {part}
      </mark>
    );
  });
}

function Composer({
  room,
  notice,
  onNotice,
  onSent,
}: {
  room: string;
  notice: string | null;
  onNotice: (text: string | null) => void;
  onSent: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation('community', { keyPrefix: 'chat' });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const left = CHAT_MAX_LENGTH - [...text].length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || text.trim().length === 0) return;
    setBusy(true);
    onNotice(null);
    try {
      const message = await sendChatMessage(room, text);
      setText('');
      onSent(message);
    } catch (error) {
      if (!isSessionError(error)) {
        onNotice(error instanceof ApiError ? (error.fieldErrors.text?.[0] ?? error.body.message) : errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-line/70 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]" noValidate>
      {notice ? (
        <p role="alert" data-testid="chat-error" className="mb-2 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
          {notice}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('placeholder')}
        </label>
        <input
          id={inputId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (notice) onNotice(null);
          }}
          maxLength={CHAT_MAX_LENGTH + 50}
          placeholder={t('placeholder')}
          autoComplete="off"
          enterKeyHint="send"
          data-testid="chat-input"
          aria-invalid={notice ? true : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 text-[15px] text-white placeholder:text-muted focus:border-gold/60 focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy || text.trim().length === 0}
          aria-label={t('send')}
          data-testid="chat-send"
          className={buttonClass('gold', 'md', 'w-11 px-0')}
        >
          <SendHorizontal size={18} />
        </button>
      </div>
      {left < 40 ? (
        <p className={`mt-1 text-right text-xs tabular-nums ${left < 0 ? 'text-danger' : 'text-muted'}`}>
          {t('chars_left', { count: left })}
        </p>
      ) : null}
    </form>
  );
}
