import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from '@casino/shared/schemas/info-center-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Spinner } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { Field, invalidProps } from '../../../components/form-field';
import { MailIcon } from '../../../components/icons';
import { DialogError } from '../../../components/modal';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { type FieldErrors, serverFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { type AdminNotificationItem, INFO_PAGE_SIZE, useSendNotification, useSentNotifications } from '../api/info-center-admin';

/** /notifications: what operators sent (one line per send, with reads) and the form to send a note. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const sent = useSentNotifications(page);

  return (
    <>
      <PageHeader title={t('info_notifications.title')} subtitle={t('info_notifications.subtitle')} />
      <div className="grid gap-4 xl:grid-cols-[1fr_320px]">
        <PagedSection
          query={sent}
          skeleton={{ columns: 4, rows: 5 }}
          empty={{ title: t('info_notifications.empty'), hint: t('info_notifications.empty_hint') }}
          className="card h-fit overflow-hidden"
          label={t('info_notifications.sent_title')}
          page={page}
          pageSize={INFO_PAGE_SIZE}
          onPageChange={setPage}
        >
          {(items) => <SentTable items={items} />}
        </PagedSection>
        <SendForm />
      </div>
    </>
  );
}

function SentTable({ items }: { items: AdminNotificationItem[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="sent-notifications"
      columns={[
        { label: t('info_notifications.columns.time') },
        { label: t('info_notifications.columns.audience') },
        { label: t('info_notifications.columns.message') },
        { label: t('info_notifications.columns.read'), numeric: true },
      ]}
    >
      {items.map((item) => (
        <tr key={item.batch} className="align-top transition-colors hover:bg-white/[0.025]">
          <td className="whitespace-nowrap text-slate-400">
            {formatDateTime(item.created_at, language)}
            <p className="text-xs text-slate-500">
              {t('info_notifications.sent_by', { operator: item.operator_username ?? t('audit.system') })}
            </p>
          </td>
          <td className="whitespace-nowrap">
            {item.audience === 'all' ? (
              <Badge tone="gold">{t('info_notifications.all_members')}</Badge>
            ) : (
              <span className="text-slate-200">
                {item.member_account ?? '—'} <span className="text-xs text-slate-500">#{item.member_id}</span>
              </span>
            )}
          </td>
          <td className="min-w-[180px] max-w-md">
            <p className="font-medium text-white">{item.title}</p>
            <p className="line-clamp-2 whitespace-pre-line text-xs text-slate-400">{item.body}</p>
          </td>
          <td className="whitespace-nowrap text-right tabular-nums text-slate-300">
            {formatNumber(item.read, language)} / {formatNumber(item.recipients, language)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

type Audience = 'member' | 'all';
const FIELDS = ['member_id', 'title', 'body'] as const;
type SendField = (typeof FIELDS)[number];

/** The send form: one member by id, or every member of the site after a confirmation. */
function SendForm() {
  const { t } = useTranslation();
  const send = useSendNotification();
  const ids = { member: useId(), title: useId(), body: useId() };
  const [audience, setAudience] = useState<Audience>('member');
  const [memberId, setMemberId] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SendField>>({});
  const [confirming, setConfirming] = useState(false);

  function validate(): FieldErrors<SendField> {
    const next: FieldErrors<SendField> = {};
    if (audience === 'member' && !/^\d{1,16}$/.test(memberId.trim())) next.member_id = t('info_notifications.form.member_id_invalid');
    if (!title.trim()) next.title = t('validation.required');
    if (!body.trim()) next.body = t('validation.required');
    return next;
  }

  function deliver() {
    const payload =
      audience === 'all'
        ? { all: true as const, title: title.trim(), body: body.trim() }
        : { member_id: Number(memberId.trim()), title: title.trim(), body: body.trim() };
    send.mutate(payload, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setConfirming(false);
        setTitle('');
        setBody('');
        setMemberId('');
        setErrors({});
      },
      onError: (error) => {
        const fromServer = serverFieldErrors(error, FIELDS);
        setErrors(fromServer);
        if (Object.keys(fromServer).length > 0) setConfirming(false);
      },
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (audience === 'all') setConfirming(true);
    else deliver();
  }

  const generalError =
    send.isError && isApiError(send.error) && Object.keys(send.error.fieldErrors).length === 0 ? errorMessage(send.error) : null;

  return (
    <section className="card h-fit p-4" aria-labelledby="send-notification-title">
      <h2 id="send-notification-title" className="mb-3 font-semibold text-white">
        {t('info_notifications.form.title')}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3.5">
        <fieldset>
          <legend className="field-label">{t('info_notifications.form.audience')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['member', 'all'] as const).map((value) => (
              <label
                key={value}
                className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition ${
                  audience === value
                    ? 'border-gold-400/60 bg-gold-400/10 text-white'
                    : 'border-white/10 text-slate-300 hover:border-white/20'
                }`}
              >
                <input
                  type="radio"
                  name="audience"
                  value={value}
                  checked={audience === value}
                  onChange={() => {
                    setAudience(value);
                    setErrors({});
                  }}
                  className="accent-amber-400"
                />
                {t(`info_notifications.form.audience_${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {audience === 'member' ? (
          <Field
            label={t('info_notifications.form.member_id')}
            id={ids.member}
            error={errors.member_id}
            hint={t('info_notifications.form.member_id_hint')}
          >
            <input
              id={ids.member}
              inputMode="numeric"
              autoComplete="off"
              value={memberId}
              onChange={(event) => {
                setMemberId(event.target.value);
                setErrors((current) => ({ ...current, member_id: undefined }));
              }}
              maxLength={16}
              className="input tabular-nums"
              {...invalidProps(ids.member, errors.member_id)}
            />
          </Field>
        ) : (
          <p className="rounded-lg border border-amber-500/25 bg-amber-500/10 px-3 py-2 text-xs text-amber-200">
            {t('info_notifications.form.all_warning')}
          </p>
        )}
        <Field label={t('info_notifications.form.subject')} id={ids.title} error={errors.title}>
          <input
            id={ids.title}
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              setErrors((current) => ({ ...current, title: undefined }));
            }}
            maxLength={NOTIFICATION_TITLE_MAX}
            className="input"
            {...invalidProps(ids.title, errors.title)}
          />
        </Field>
        <div>
          <label htmlFor={ids.body} className="field-label">
            {t('info_notifications.form.body')}
          </label>
          <textarea
            id={ids.body}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              setErrors((current) => ({ ...current, body: undefined }));
            }}
            rows={5}
            maxLength={NOTIFICATION_BODY_MAX}
            className="input h-auto resize-y py-2"
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${ids.body}-error` : `${ids.body}-count`}
          />
          {errors.body ? (
            <p id={`${ids.body}-error`} className="mt-1 text-xs text-rose-300">
              {errors.body}
            </p>
          ) : (
            <p id={`${ids.body}-count`} className="mt-1 text-right text-xs text-slate-500 tabular-nums">
              {body.length} / {NOTIFICATION_BODY_MAX}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-500">{t('info_notifications.form.plain_text')}</p>
        </div>
        <DialogError message={confirming ? null : generalError} />
        <button type="submit" className="btn-primary w-full" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : <MailIcon width={16} height={16} />}
          {t('info_notifications.form.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('info_notifications.confirm_all_title')}
        description={t('info_notifications.confirm_all_text', { title: title.trim() })}
        confirmLabel={t('info_notifications.form.submit')}
        pending={send.isPending}
        error={confirming ? generalError : null}
        onConfirm={deliver}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
