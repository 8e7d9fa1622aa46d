import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGE_MIME_TYPES, SUPPORT_TEXT_MAX } from '@casino/shared/schemas/support';
import { ImagePlus, SendHorizontal } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ChevronLeftIcon, CloseIcon, HeadsetIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { loadDeferredCatalogues, translateMessage } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/translation.ts';
import {
  type SupportConversationDetail,
  useSendSupportMessage,
  useSupportConversation,
  useSupportConversations,
  useSupportImage,
} from './support.api.ts';

// The form messages (validation.json) for the composer's field errors.
await loadDeferredCatalogues();

type View = { kind: 'list' } | { kind: 'new' } | { kind: 'conversation'; id: number };

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string) => timeFormat.format(new Date(iso));

/**
 * The support chat: a bottom sheet on phones, a panel at the bottom right on desktops. It opens on
 * the member's conversations (or straight on a new one when there are none); a conversation shows
 * its messages and a composer with an image attachment.
 */
export default function SupportPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  const titleId = useId();
  const list = useSupportConversations();
  const [view, setView] = useState<View | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const conversations = list.data?.list ?? [];
  const current: View = view ?? (list.data && conversations.length === 0 ? { kind: 'new' } : { kind: 'list' });
  const canGoBack = current.kind !== 'list' && conversations.length > 0;

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center sm:inset-auto sm:right-6 sm:bottom-6 sm:block"
      data-testid="support-panel"
    >
      <button type="button" aria-label={t('close')} tabIndex={-1} className="absolute inset-0 bg-black/60 sm:hidden" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="animate-sheet-in relative flex h-[88dvh] w-full flex-col overflow-hidden rounded-t-3xl border border-line bg-night shadow-2xl outline-none sm:h-[min(640px,calc(100dvh-3rem))] sm:w-[400px] sm:rounded-3xl"
      >
        <header className="flex items-center gap-2 border-b border-line/70 px-4 py-3">
          {canGoBack ? (
            <button
              type="button"
              onClick={() => setView({ kind: 'list' })}
              aria-label={t('back')}
              className="flex size-9 items-center justify-center rounded-full text-soft hover:bg-surface-2 hover:text-white"
            >
              <ChevronLeftIcon />
            </button>
          ) : (
            <span className="flex size-9 items-center justify-center rounded-full bg-gold/15 text-gold">
              <HeadsetIcon size={18} />
            </span>
          )}
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="truncate text-base font-bold text-white">
              {t('title')}
            </h2>
            <p className="truncate text-xs text-muted">{t('subtitle')}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('close')}
            data-testid="support-close"
            className="flex size-9 items-center justify-center rounded-full text-soft hover:bg-surface-2 hover:text-white"
          >
            <CloseIcon />
          </button>
        </header>
        {list.isPending ? (
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        ) : list.isError ? (
          <p className="flex-1 p-6 text-center text-sm text-muted">{errorMessage(list.error)}</p>
        ) : current.kind === 'list' ? (
          <ConversationList onOpen={(id) => setView({ kind: 'conversation', id })} onNew={() => setView({ kind: 'new' })} />
        ) : current.kind === 'new' ? (
          <NewConversation onOpened={(id) => setView({ kind: 'conversation', id })} />
        ) : (
          <ConversationThread id={current.id} />
        )}
      </div>
    </div>
  );
}

function ConversationList({ onOpen, onNew }: { onOpen: (id: number) => void; onNew: () => void }) {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  const conversations = useSupportConversations().data?.list ?? [];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ul className="min-h-0 flex-1 divide-y divide-line/60 overflow-y-auto">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onOpen(conversation.id)}
              className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-surface/70"
              data-testid="support-conversation-row"
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <span className="text-sm font-semibold text-white">{t('conversation_number', { id: conversation.id })}</span>
                  <span
                    className={`rounded-full px-2 py-0.5 text-[10px] font-semibold uppercase ${conversation.status === 'open' ? 'bg-money/15 text-money' : 'bg-surface-2 text-muted'}`}
                  >
                    {t(`status.${conversation.status}`)}
                  </span>
                </div>
                <p className="mt-0.5 truncate text-sm text-soft">{conversation.preview || t('image_only')}</p>
                <p className="mt-0.5 text-xs text-muted">{when(conversation.last_message_at)}</p>
              </div>
              {conversation.unread > 0 ? (
                <span className="mt-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-[11px] font-bold text-white">
                  {conversation.unread}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="border-t border-line/70 p-3">
        <button
          type="button"
          onClick={onNew}
          className="h-11 w-full rounded-xl bg-gradient-to-b from-gold to-gold-deep text-[15px] font-semibold text-ink hover:brightness-110"
        >
          {t('new_conversation')}
        </button>
      </div>
    </div>
  );
}

function NewConversation({ onOpened }: { onOpened: (id: number) => void }) {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-gold/15 text-gold">
          <HeadsetIcon size={28} />
        </span>
        <p className="text-base font-semibold text-white">{t('new_title')}</p>
        <p className="text-sm text-muted">{t('new_hint')}</p>
      </div>
      <Composer conversationId={null} onSent={(detail) => onOpened(detail.id)} />
    </div>
  );
}

function ConversationThread({ id }: { id: number }) {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  const conversation = useSupportConversation(id);
  const bottom = useRef<HTMLDivElement>(null);
  const count = conversation.data?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  if (conversation.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (conversation.isError) return <p className="flex-1 p-6 text-center text-sm text-muted">{errorMessage(conversation.error)}</p>;
  const detail = conversation.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4" data-testid="support-thread" aria-live="polite">
        {detail.messages.map((message) => {
          const mine = message.author === 'member';
          return (
            <li key={message.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${mine ? 'rounded-br-md bg-gold/90 text-ink' : 'rounded-bl-md bg-surface-2 text-soft'}`}
                data-testid={mine ? 'support-message-member' : 'support-message-operator'}
              >
                {mine ? null : <p className="mb-0.5 text-[11px] font-semibold text-gold">{t('team')}</p>}
                {message.attachment ? <MessageImage id={message.attachment.id} /> : null}
                {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
                <p className={`mt-1 text-right text-[10px] ${mine ? 'text-ink/60' : 'text-muted'}`}>{when(message.created_at)}</p>
              </div>
            </li>
          );
        })}
        {detail.status === 'closed' ? <li className="text-center text-xs text-muted">{t('closed_hint')}</li> : null}
        <div ref={bottom} />
      </ol>
      <Composer conversationId={detail.id} />
    </div>
  );
}

function MessageImage({ id }: { id: number }) {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  const image = useSupportImage(id);
  if (image.isError) return <p className="text-xs italic">{t('image_unavailable')}</p>;
  if (!image.data) return <div className="mb-1 h-32 w-48 animate-pulse rounded-lg bg-black/20" />;
  return (
    <a href={image.data} target="_blank" rel="noreferrer" className="mb-1 block">
      <img src={image.data} alt={t('image_alt')} className="max-h-60 max-w-full rounded-lg object-contain" />
    </a>
  );
}

const ACCEPT = SUPPORT_IMAGE_MIME_TYPES.join(',');

function Composer({ conversationId, onSent }: { conversationId: number | null; onSent?: (detail: SupportConversationDetail) => void }) {
  const { t } = useTranslation('community', { keyPrefix: 'support' });
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendSupportMessage(conversationId);

  const pick = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!(SUPPORT_IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
      return setError(translateMessage('validation.support_image_type'));
    if (file.size > SUPPORT_IMAGE_MAX_BYTES) return setError(translateMessage('validation.support_image_too_large'));
    setImage(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || (!text.trim() && !image)) return;
    setError(null);
    send.mutate(
      { text, image },
      {
        onSuccess: (detail) => {
          setText('');
          setImage(null);
          if (fileInput.current) fileInput.current.value = '';
          onSent?.(detail);
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fieldErrors : {};
          setError(fields.text?.[0] ?? fields.image?.[0] ?? fields.attachment_id?.[0] ?? errorMessage(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="border-t border-line/70 p-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] sm:pb-3">
      {image ? (
        <div className="mb-2 flex items-center gap-2 rounded-lg bg-surface px-2 py-1.5 text-xs text-soft">
          <ImagePlus size={14} aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">{image.name}</span>
          <button
            type="button"
            onClick={() => {
              setImage(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
            className="text-muted hover:text-white"
            aria-label={t('remove_image')}
          >
            <CloseIcon size={14} />
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="mb-2 text-xs text-danger" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-label={t('attach_image')}
          title={t('attach_image')}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-soft hover:text-white"
        >
          <ImagePlus size={20} aria-hidden="true" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="hidden"
          onChange={(event) => pick(event.target.files?.[0])}
          data-testid="support-image-input"
        />
        <label className="sr-only" htmlFor="support-composer">
          {t('message_label')}
        </label>
        <textarea
          id="support-composer"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
          maxLength={SUPPORT_TEXT_MAX}
          rows={1}
          placeholder={t('placeholder')}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface px-3 py-2.5 text-sm text-white placeholder:text-muted focus:border-gold/60 focus:outline-none"
          data-testid="support-composer"
        />
        <button
          type="submit"
          disabled={send.isPending || (!text.trim() && !image)}
          aria-label={t('send')}
          title={t('send')}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-b from-gold to-gold-deep text-ink disabled:opacity-50"
          data-testid="support-send"
        >
          {send.isPending ? <Spinner /> : <SendHorizontal size={20} aria-hidden="true" />}
        </button>
      </div>
    </form>
  );
}
