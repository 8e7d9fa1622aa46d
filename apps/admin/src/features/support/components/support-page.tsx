import { SUPPORT_IMAGE_MAX_BYTES, SUPPORT_IMAGE_MIME_TYPES, SUPPORT_INBOX_FILTERS, SUPPORT_TEXT_MAX } from '@casino/shared/schemas/support';
import { ImagePlus } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, EmptyState, ErrorState, PageHeader, Skeleton } from '../../../components/feedback';
import { RefreshButton } from '../../../components/filter-bar';
import { ArrowLeftIcon, CloseIcon, SearchIcon } from '../../../components/icons';
import { Pagination } from '../../../components/pagination';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useOperator } from '../../../lib/auth';
import { formatDateTime, formatRelative } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { matching, oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import {
  type AdminSupportConversation,
  type AdminSupportDetail,
  INBOX_PAGE_SIZE,
  type SupportInboxFilter,
  useAssign,
  useCannedReplies,
  useCloseConversation,
  useImageUrl,
  useInbox,
  useReply,
  useSupportConversation,
  useSupportOperators,
  useSupportSummary,
} from '../api/support';
import { CannedRepliesDialog } from './canned-replies-dialog';

/**
 * The support inbox: conversations by open, mine, unassigned, closed or all (unread first), and the
 * chosen one beside the list on a desktop (alone, with a back link, on a phone): its messages,
 * assignment, closing, and an answer with canned replies and an image.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const { params, update } = useUrlFilters<'filter' | 'member' | 'id'>();
  const filter: SupportInboxFilter = oneOf(params, 'filter', SUPPORT_INBOX_FILTERS) || 'open';
  const member = matching(params, 'member', /^[\w.@-]{1,32}$/);
  const selected = Number(matching(params, 'id', /^\d{1,12}$/)) || null;
  const inbox = useInbox({ filter, member, page: pageParam(params) });
  const summary = useSupportSummary(true);
  const [cannedOpen, setCannedOpen] = useState(false);
  const [search, setSearch] = useState(member);

  const counts: Partial<Record<SupportInboxFilter, number>> = summary.data
    ? { open: summary.data.open, mine: summary.data.mine, unassigned: summary.data.unassigned }
    : {};

  return (
    <>
      <PageHeader
        title={t('support_admin.title')}
        subtitle={t('support_admin.subtitle')}
        actions={
          <>
            <button type="button" className="btn-secondary" onClick={() => setCannedOpen(true)} data-testid="support-canned-open">
              {t('support_admin.canned.button')}
            </button>
            <RefreshButton busy={inbox.isFetching} onRefresh={() => void inbox.refetch()} />
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(320px,380px)_1fr]">
        <section className={`space-y-3 ${selected !== null ? 'hidden lg:block' : ''}`} aria-label={t('support_admin.inbox')}>
          <div
            role="tablist"
            aria-label={t('support_admin.filters_label')}
            className="-mx-3 flex gap-1 overflow-x-auto px-3 pb-1 sm:mx-0 sm:px-0"
          >
            {SUPPORT_INBOX_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={value === filter}
                data-tab={value}
                onClick={() => update({ filter: value === 'open' ? '' : value, page: 1 })}
                className={`inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors ${
                  value === filter
                    ? 'bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/30 ring-inset'
                    : 'text-slate-400 hover:bg-white/5 hover:text-white'
                }`}
              >
                {t(`support_admin.filter.${value}`)}
                {counts[value] !== undefined ? <span className="text-xs tabular-nums text-slate-500">{counts[value]}</span> : null}
              </button>
            ))}
          </div>
          <form
            className="relative"
            onSubmit={(event) => {
              event.preventDefault();
              update({ member: search.trim(), page: 1 });
            }}
          >
            <SearchIcon className="pointer-events-none absolute top-2.5 left-2.5 text-slate-500" width={16} height={16} />
            <input
              className="input pl-8"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('support_admin.member_search')}
              aria-label={t('support_admin.member_search')}
              maxLength={32}
            />
          </form>
          <div className="card overflow-hidden">
            {inbox.isPending ? (
              <div className="space-y-2 p-3">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-14" />
                ))}
              </div>
            ) : inbox.isError ? (
              <ErrorState message={errorMessage(inbox.error)} onRetry={() => void inbox.refetch()} />
            ) : inbox.data.list.length === 0 ? (
              <EmptyState title={t('support_admin.empty')} hint={filter === 'open' ? t('support_admin.empty_open_hint') : undefined} />
            ) : (
              <ul className="divide-y divide-white/5" data-testid="support-inbox">
                {inbox.data.list.map((row) => (
                  <InboxRow key={row.id} row={row} active={row.id === selected} onOpen={() => update({ id: String(row.id) })} />
                ))}
              </ul>
            )}
          </div>
          {inbox.data && inbox.data.total > INBOX_PAGE_SIZE ? (
            <Pagination
              page={inbox.data.page}
              pageSize={INBOX_PAGE_SIZE}
              total={inbox.data.total}
              onPageChange={(page) => update({ page })}
            />
          ) : null}
        </section>
        <section className={selected === null ? 'hidden lg:block' : ''}>
          {selected === null ? (
            <div className="card">
              <EmptyState title={t('support_admin.pick')} hint={t('support_admin.pick_hint')} />
            </div>
          ) : (
            <ConversationView key={selected} id={selected} onBack={() => update({ id: '' })} />
          )}
        </section>
      </div>
      <CannedRepliesDialog open={cannedOpen} onClose={() => setCannedOpen(false)} />
    </>
  );
}

function InboxRow({ row, active, onOpen }: { row: AdminSupportConversation; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        className={`flex w-full items-start gap-3 px-3 py-2.5 text-left transition-colors ${active ? 'bg-gold-400/5' : 'hover:bg-white/5'}`}
        data-testid="support-inbox-row"
      >
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <span className="truncate text-sm font-semibold text-white">{row.member_account}</span>
            <span className="text-xs text-slate-500">#{row.id}</span>
            {row.status === 'closed' ? <Badge tone="slate">{t('support_admin.status.closed')}</Badge> : null}
          </div>
          <p className="truncate text-sm text-slate-400">{row.preview || t('support_admin.image_only')}</p>
          <p className="text-xs text-slate-500">
            {formatRelative(row.last_message_at, language)} ·{' '}
            {row.assigned_operator_username ?? <span className="text-amber-300/80">{t('support_admin.unassigned')}</span>}
          </p>
        </div>
        {row.unread > 0 ? (
          <span className="mt-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-500 px-1.5 text-[11px] font-semibold text-white">
            {row.unread}
          </span>
        ) : null}
      </button>
    </li>
  );
}

function ConversationView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const conversation = useSupportConversation(id);
  const bottom = useRef<HTMLDivElement>(null);
  const count = conversation.data?.messages.length ?? 0;
  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  if (conversation.isPending) return <Skeleton className="h-96" />;
  if (conversation.isError) {
    return (
      <div className="card">
        <ErrorState message={errorMessage(conversation.error)} onRetry={() => void conversation.refetch()} />
      </div>
    );
  }
  const detail = conversation.data;
  return (
    <div className="card flex h-[calc(100dvh-12rem)] min-h-[420px] flex-col" data-testid="support-conversation">
      <header className="flex flex-wrap items-center gap-2 border-b border-white/5 px-4 py-3">
        <button type="button" className="btn-ghost size-9 px-0 lg:hidden" onClick={onBack} aria-label={t('support_admin.back')}>
          <ArrowLeftIcon />
        </button>
        <div className="min-w-[12rem] flex-1">
          <div className="flex items-center gap-2">
            <Link to={`/members/${detail.member_id}`} className="truncate font-semibold text-white hover:text-gold-300">
              {detail.member_account}
            </Link>
            <Badge tone={detail.status === 'open' ? 'green' : 'slate'}>{t(`support_admin.status.${detail.status}`)}</Badge>
          </div>
          <p className="text-xs text-slate-500">
            #{detail.id} · {t('support_admin.opened_at', { time: formatDateTime(detail.created_at, language) })}
          </p>
        </div>
        <AssignControl detail={detail} />
        {detail.status === 'open' ? <CloseButton id={detail.id} /> : null}
      </header>
      <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4" data-testid="support-messages">
        {detail.messages.map((message) => {
          const operator = message.author === 'operator';
          return (
            <li key={message.id} className={`flex ${operator ? 'justify-end' : 'justify-start'}`}>
              <div
                className={`max-w-[80%] rounded-xl px-3 py-2 text-sm ${operator ? 'bg-gold-400/15 text-slate-100' : 'bg-navy-700 text-slate-100'}`}
              >
                <p className="mb-0.5 text-[11px] font-semibold text-slate-400">
                  {operator ? (message.operator_username ?? t('support_admin.operator')) : detail.member_account}
                </p>
                {message.attachment ? <MessageImage id={message.attachment.id} /> : null}
                {message.text ? <p className="break-words whitespace-pre-wrap">{message.text}</p> : null}
                <p className="mt-1 text-right text-[10px] text-slate-500">{formatDateTime(message.created_at, language)}</p>
              </div>
            </li>
          );
        })}
        <div ref={bottom} />
      </ol>
      {detail.status === 'open' ? (
        <ReplyForm id={detail.id} />
      ) : (
        <p className="border-t border-white/5 px-4 py-3 text-sm text-slate-400">{t('support_admin.closed_hint')}</p>
      )}
    </div>
  );
}

function MessageImage({ id }: { id: number }) {
  const { t } = useTranslation();
  const image = useImageUrl(id);
  if (image.failed) return <p className="text-xs italic text-slate-400">{t('support_admin.image_unavailable')}</p>;
  if (!image.url) return <Skeleton className="mb-1 h-32 w-48" />;
  return (
    <a href={image.url} target="_blank" rel="noreferrer" className="mb-1 block">
      <img src={image.url} alt={t('support_admin.image_alt')} className="max-h-64 max-w-full rounded-lg object-contain" />
    </a>
  );
}

function AssignControl({ detail }: { detail: AdminSupportDetail }) {
  const { t } = useTranslation();
  const me = useOperator().data;
  const operators = useSupportOperators();
  const assign = useAssign(detail.id);
  const value = detail.assigned_operator_id === null ? '' : String(detail.assigned_operator_id);
  const choices = operators.data ?? [];
  return (
    <div className="flex items-center gap-2">
      {me && detail.assigned_operator_id !== me.id ? (
        <button
          type="button"
          className="btn-secondary"
          disabled={assign.isPending}
          onClick={() => assign.mutate(me.id, { onSuccess: (answer) => toast.success(answer.message) })}
          data-testid="support-take"
        >
          {t('support_admin.take')}
        </button>
      ) : null}
      <label className="sr-only" htmlFor={`assign-${detail.id}`}>
        {t('support_admin.assign_label')}
      </label>
      <select
        id={`assign-${detail.id}`}
        className="input w-auto"
        value={value}
        disabled={assign.isPending}
        onChange={(event) =>
          assign.mutate(event.target.value ? Number(event.target.value) : null, { onSuccess: (answer) => toast.success(answer.message) })
        }
      >
        <option value="">{t('support_admin.unassigned')}</option>
        {choices.map((operator) => (
          <option key={operator.id} value={operator.id}>
            {operator.username}
          </option>
        ))}
        {detail.assigned_operator_id !== null && !choices.some((o) => o.id === detail.assigned_operator_id) ? (
          <option value={detail.assigned_operator_id}>{detail.assigned_operator_username}</option>
        ) : null}
      </select>
    </div>
  );
}

function CloseButton({ id }: { id: number }) {
  const { t } = useTranslation();
  const close = useCloseConversation(id);
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={close.isPending}
      onClick={() => {
        if (window.confirm(t('support_admin.close_confirm')))
          close.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message) });
      }}
      data-testid="support-close"
    >
      {t('support_admin.close')}
    </button>
  );
}

const ACCEPT = SUPPORT_IMAGE_MIME_TYPES.join(',');

function ReplyForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const canned = useCannedReplies();
  const reply = useReply(id);
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const clearImage = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending || (!text.trim() && !image)) return;
    setError(null);
    reply.mutate(
      { text, image },
      {
        onSuccess: () => {
          setText('');
          clearImage();
        },
        onError: (failure) => {
          const fields = isApiError(failure) ? failure.fieldErrors : {};
          setError(fields.text?.[0] ?? fields.image?.[0] ?? fields.attachment_id?.[0] ?? errorMessage(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2 border-t border-white/5 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`canned-${id}`}>
          {t('support_admin.canned.insert')}
        </label>
        <select
          id={`canned-${id}`}
          className="input w-auto max-w-full"
          value=""
          onChange={(event) => {
            const chosen = canned.data?.find((c) => String(c.id) === event.target.value);
            if (chosen) setText((current) => (current.trim() ? `${current.trimEnd()}\n${chosen.text}` : chosen.text));
          }}
          data-testid="support-canned-select"
        >
          <option value="">{canned.data?.length ? t('support_admin.canned.insert') : t('support_admin.canned.none')}</option>
          {canned.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        <button type="button" className="btn-ghost" onClick={() => fileInput.current?.click()}>
          <ImagePlus width={16} height={16} aria-hidden="true" />
          {t('support_admin.attach_image')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            setError(null);
            if (!file) return;
            if (file.size > SUPPORT_IMAGE_MAX_BYTES) {
              setError(t('support_admin.image_too_large'));
              return;
            }
            setImage(file);
          }}
        />
        {image ? (
          <span className="inline-flex items-center gap-1 rounded-md bg-white/5 px-2 py-1 text-xs text-slate-300">
            {image.name}
            <button
              type="button"
              onClick={clearImage}
              aria-label={t('support_admin.remove_image')}
              className="text-slate-500 hover:text-white"
            >
              <CloseIcon width={12} height={12} />
            </button>
          </span>
        ) : null}
      </div>
      <div className="flex items-end gap-2">
        <label className="sr-only" htmlFor={`reply-${id}`}>
          {t('support_admin.reply_label')}
        </label>
        <textarea
          id={`reply-${id}`}
          className="input h-auto min-h-[4.5rem] flex-1 resize-y py-2"
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
          }}
          placeholder={t('support_admin.reply_placeholder')}
          data-testid="support-reply"
        />
        <button type="submit" className="btn-primary" disabled={reply.isPending || (!text.trim() && !image)} data-testid="support-send">
          {t('support_admin.send')}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
