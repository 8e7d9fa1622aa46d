import { LANGUAGES } from '@casino/shared/languages';
import { CHAT_MAX_LENGTH, CHAT_ROOMS, type AdminChatMessage, type ChatRoom } from '@casino/shared/schemas/chat';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Spinner } from '../../../components/confirm-dialog';
import { CardList, DataTable } from '../../../components/data-table';
import { Badge, EmptyState, ErrorState, PageHeader, TableSkeleton } from '../../../components/feedback';
import { Field } from '../../../components/form-field';
import { DialogError, Modal } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  CHAT_PAGE_SIZE,
  useChatMessages,
  useChatSanctions,
  useDeleteChatMessage,
  useLiftSanction,
  useSanction,
  useTeamMessage,
} from '../api/chat-admin';

const roomName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

type Target = { kind: 'mute' | 'ban'; message: AdminChatMessage };

/**
 * Back office: the community chat (issue 15 item 1). A room's messages as they arrive (deleted
 * ones marked), with delete, mute for N minutes and ban per message's author; a message as the
 * site's team; and the mutes and bans in force, each with lift. Every action is audited and
 * reaches the players' open chats at once.
 */
export function ChatAdminPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('chat_admin.title')} subtitle={t('chat_admin.subtitle')} />
      <MessagesSection />
      <SanctionsSection />
    </>
  );
}

function MessagesSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [room, setRoom] = useState<ChatRoom | ''>(language as ChatRoom);
  const [page, setPage] = useState(1);
  const messages = useChatMessages(room, page);
  const remove = useDeleteChatMessage();
  const [deleting, setDeleting] = useState<AdminChatMessage | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const roomId = useId();

  const columns = [
    { label: t('chat_admin.columns.at') },
    { label: t('chat_admin.columns.room') },
    { label: t('chat_admin.columns.author') },
    { label: t('chat_admin.columns.text') },
    { label: t('chat_admin.columns.actions'), srOnly: true },
  ];
  const author = (m: AdminChatMessage) =>
    m.operator ? (
      <Badge tone="green">{m.nick}</Badge>
    ) : (
      <span>
        <span className="text-slate-200">{m.nick}</span>
        {m.account ? <span className="block text-xs text-slate-500">{m.account}</span> : null}
      </span>
    );
  const actions = (m: AdminChatMessage) =>
    m.deleted ? (
      <Badge tone="red">{t('chat_admin.deleted')}</Badge>
    ) : (
      <div className="flex flex-wrap justify-end gap-1.5">
        <button type="button" className="btn-ghost text-xs" onClick={() => setDeleting(m)} data-testid="chat-admin-delete">
          {t('chat_admin.delete')}
        </button>
        {m.member_id !== null ? (
          <>
            <button type="button" className="btn-ghost text-xs" onClick={() => setTarget({ kind: 'mute', message: m })}>
              {t('chat_admin.mute')}
            </button>
            <button type="button" className="btn-ghost text-xs text-rose-300" onClick={() => setTarget({ kind: 'ban', message: m })}>
              {t('chat_admin.ban')}
            </button>
          </>
        ) : null}
      </div>
    );

  return (
    <section className="card mb-6" aria-labelledby="chat-messages-title" data-testid="chat-admin-messages">
      <div className="flex flex-wrap items-end justify-between gap-3 p-4 pb-2">
        <h2 id="chat-messages-title" className="text-sm font-semibold text-slate-200">
          {t('chat_admin.messages')}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={roomId} className="text-xs text-slate-400">
            {t('chat_admin.room')}
          </label>
          <select
            id={roomId}
            value={room}
            onChange={(event) => {
              setRoom(event.target.value as ChatRoom | '');
              setPage(1);
            }}
            className="input h-9 w-auto py-1"
            data-testid="chat-admin-room"
          >
            <option value="">{t('chat_admin.all_rooms')}</option>
            {CHAT_ROOMS.map((code) => (
              <option key={code} value={code}>
                {roomName(code)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {room ? <TeamMessage room={room} /> : null}
      {messages.isPending ? (
        <TableSkeleton columns={columns.length} rows={6} />
      ) : messages.isError ? (
        <ErrorState message={errorMessage(messages.error)} onRetry={() => void messages.refetch()} />
      ) : messages.data.list.length === 0 ? (
        <EmptyState title={t('chat_admin.empty')} hint={t('chat_admin.empty_hint')} />
      ) : (
        <>
          <DataTable columns={columns} collapse="md" testId="chat-admin-table">
            {messages.data.list.map((m) => (
              <tr key={m.id} data-message={m.id} className={m.deleted ? 'opacity-60' : ''}>
                <td className="whitespace-nowrap">{formatDateTime(m.created_at, language)}</td>
                <td className="whitespace-nowrap">{roomName(m.room)}</td>
                <td>{author(m)}</td>
                <td className={`max-w-md break-words ${m.deleted ? 'line-through' : ''}`}>{m.text}</td>
                <td className="text-right">{actions(m)}</td>
              </tr>
            ))}
          </DataTable>
          <CardList collapse="md">
            {messages.data.list.map((m) => (
              <li key={m.id} className="space-y-1.5 p-4 text-sm" data-message={m.id}>
                <div className="flex items-center justify-between gap-2">
                  {author(m)}
                  <span className="text-xs text-slate-500">
                    {roomName(m.room)} · {formatDateTime(m.created_at, language)}
                  </span>
                </div>
                <p className={`break-words text-slate-300 ${m.deleted ? 'line-through opacity-60' : ''}`}>{m.text}</p>
                {actions(m)}
              </li>
            ))}
          </CardList>
          <div className="p-4">
            <Pagination
              page={page}
              pageSize={CHAT_PAGE_SIZE}
              total={messages.data.total}
              onPageChange={setPage}
              busy={messages.isFetching}
            />
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('chat_admin.delete_title')}
        description={deleting ? <q className="break-words">{deleting.text}</q> : null}
        confirmLabel={t('chat_admin.delete')}
        tone="danger"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              toast.success(message);
              setDeleting(null);
            },
          });
        }}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
      <SanctionDialog target={target} onClose={() => setTarget(null)} />
    </section>
  );
}

function TeamMessage({ room }: { room: ChatRoom }) {
  const { t } = useTranslation();
  const send = useTeamMessage();
  const [text, setText] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    send.mutate(
      { room, text },
      {
        onSuccess: () => setText(''),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 px-4 pb-3 sm:flex-row sm:items-end" noValidate>
      <Field
        label={t('chat_admin.team_message', { room: roomName(room) })}
        id={id}
        className="flex-1"
        error={send.error ? errorMessage(send.error) : undefined}
      >
        <input
          id={id}
          value={text}
          maxLength={CHAT_MAX_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
            send.reset();
          }}
          className="input"
          placeholder={t('chat_admin.team_placeholder')}
        />
      </Field>
      <button type="submit" className="btn-primary" disabled={send.isPending || !text.trim()}>
        {send.isPending && <Spinner />}
        {t('chat_admin.send')}
      </button>
    </form>
  );
}

function SanctionDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation();
  const sanction = useSanction();
  const baseId = useId();
  const [minutes, setMinutes] = useState('10');
  const [reason, setReason] = useState('');
  const [deleteMessages, setDeleteMessages] = useState(false);
  const [minutesError, setMinutesError] = useState<string | undefined>();
  const close = () => {
    sanction.reset();
    setMinutes('10');
    setReason('');
    setDeleteMessages(false);
    setMinutesError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || target.message.member_id === null) return;
    let length: number | undefined;
    if (target.kind === 'mute') {
      length = /^\d{1,5}$/.test(minutes.trim()) ? Number(minutes.trim()) : Number.NaN;
      if (!(length >= 1 && length <= 43_200)) {
        setMinutesError(t('chat_admin.minutes_invalid'));
        return;
      }
    }
    sanction.mutate(
      {
        member_id: target.message.member_id,
        kind: target.kind,
        ...(length !== undefined ? { minutes: length } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(target.kind === 'mute' ? { delete_messages: deleteMessages } : {}),
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          close();
        },
      },
    );
  };
  const who = target ? `${target.message.nick}${target.message.account ? ` (${target.message.account})` : ''}` : '';
  return (
    <Modal
      open={target !== null}
      title={target?.kind === 'ban' ? t('chat_admin.ban_title', { who }) : t('chat_admin.mute_title', { who })}
      description={target?.kind === 'ban' ? t('chat_admin.ban_hint') : t('chat_admin.mute_hint')}
      pending={sanction.isPending}
      onClose={close}
    >
      <form onSubmit={submit} className="space-y-4" noValidate data-testid="chat-sanction-form">
        {target?.kind === 'mute' ? (
          <Field label={t('chat_admin.minutes')} id={`${baseId}-minutes`} error={minutesError}>
            <input
              id={`${baseId}-minutes`}
              inputMode="numeric"
              value={minutes}
              onChange={(event) => {
                setMinutes(event.target.value);
                setMinutesError(undefined);
              }}
              className="input tabular-nums"
            />
          </Field>
        ) : null}
        <Field label={t('chat_admin.reason')} id={`${baseId}-reason`}>
          <input
            id={`${baseId}-reason`}
            value={reason}
            maxLength={200}
            onChange={(event) => setReason(event.target.value)}
            className="input"
          />
        </Field>
        {target?.kind === 'mute' ? (
          <label className="flex items-center gap-2 text-sm text-slate-300">
            <input
              type="checkbox"
              checked={deleteMessages}
              onChange={(event) => setDeleteMessages(event.target.checked)}
              className="size-4 accent-emerald-500"
            />
            {t('chat_admin.delete_recent')}
          </label>
        ) : null}
        <DialogError message={sanction.error ? errorMessage(sanction.error) : null} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={close} disabled={sanction.isPending}>
            {t('chat_admin.cancel')}
          </button>
          <button type="submit" className={target?.kind === 'ban' ? 'btn-danger' : 'btn-primary'} disabled={sanction.isPending}>
            {sanction.isPending && <Spinner />}
            {target?.kind === 'ban' ? t('chat_admin.ban') : t('chat_admin.mute')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function SanctionsSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const sanctions = useChatSanctions();
  const lift = useLiftSanction();
  const columns = [
    { label: t('chat_admin.sanctions.member') },
    { label: t('chat_admin.sanctions.kind') },
    { label: t('chat_admin.sanctions.until') },
    { label: t('chat_admin.sanctions.reason') },
    { label: t('chat_admin.sanctions.by') },
    { label: t('chat_admin.columns.actions'), srOnly: true },
  ];
  const until = (value: string | null) => (value ? formatDateTime(value, language) : t('chat_admin.sanctions.until_lifted'));
  const liftButton = (id: number) => (
    <button
      type="button"
      className="btn-ghost text-xs"
      disabled={lift.isPending}
      onClick={() => lift.mutate(id, { onSuccess: ({ message }) => toast.success(message) })}
    >
      {t('chat_admin.lift')}
    </button>
  );
  return (
    <section className="card" aria-labelledby="chat-sanctions-title" data-testid="chat-admin-sanctions">
      <h2 id="chat-sanctions-title" className="p-4 pb-2 text-sm font-semibold text-slate-200">
        {t('chat_admin.sanctions.title')}
      </h2>
      {sanctions.isPending ? (
        <TableSkeleton columns={columns.length} rows={3} />
      ) : sanctions.isError ? (
        <ErrorState message={errorMessage(sanctions.error)} onRetry={() => void sanctions.refetch()} />
      ) : sanctions.data.list.length === 0 ? (
        <EmptyState title={t('chat_admin.sanctions.empty')} />
      ) : (
        <>
          <DataTable columns={columns} collapse="md" testId="chat-sanctions-table">
            {sanctions.data.list.map((s) => (
              <tr key={s.id}>
                <td>
                  <span className="text-slate-200">{s.nick}</span>
                  <span className="block text-xs text-slate-500">{s.account}</span>
                </td>
                <td>
                  <Badge tone={s.kind === 'ban' ? 'red' : 'amber'}>{t(`chat_admin.kinds.${s.kind}`)}</Badge>
                </td>
                <td className="whitespace-nowrap">{until(s.until)}</td>
                <td className="max-w-xs break-words">{s.reason || '—'}</td>
                <td>{s.operator ?? '—'}</td>
                <td className="text-right">{liftButton(s.id)}</td>
              </tr>
            ))}
          </DataTable>
          <CardList collapse="md">
            {sanctions.data.list.map((s) => (
              <li key={s.id} className="space-y-1 p-4 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-slate-200">
                    {s.nick} <span className="text-xs text-slate-500">{s.account}</span>
                  </span>
                  <Badge tone={s.kind === 'ban' ? 'red' : 'amber'}>{t(`chat_admin.kinds.${s.kind}`)}</Badge>
                </div>
                <p className="text-slate-400">
                  {until(s.until)}
                  {s.reason ? ` · ${s.reason}` : ''}
                </p>
                {liftButton(s.id)}
              </li>
            ))}
          </CardList>
        </>
      )}
    </section>
  );
}
