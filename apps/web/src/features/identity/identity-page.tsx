import { KYC_MAX_FILE_BYTES, KYC_SIDES, type KycSide } from '@casino/shared/schemas/kyc';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { AlertIcon, ShieldIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { ApiError, errorMessage, isSessionError } from '../../lib/api.ts';
import { currentLanguage, htmlLangOf, loadCareNamespace, translateMessage } from '../../lib/i18n.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { type KycStatusAnswer, sendDocuments, useKycStatus, useSetKycStatus } from './identity.api.ts';

// The page's texts live in the lazy `care` catalogue ("kyc" object): this module waits for it.
await loadCareNamespace();

function useKycTranslation() {
  return useTranslation('care', { keyPrefix: 'kyc' });
}

/** Only these types, and at most 5 MB: checked here to spare an upload, and again by the server from the bytes. */
const ACCEPT = 'image/jpeg,image/png,application/pdf';
const ACCEPTED_TYPES = new Set(ACCEPT.split(','));

const TONES: Record<KycStatusAnswer['status'], string> = {
  none: 'border-line bg-surface-2 text-soft',
  pending: 'border-amber-400/40 bg-amber-400/10 text-amber-200',
  approved: 'border-money/40 bg-money/10 text-money',
  rejected: 'border-danger/40 bg-danger/10 text-danger',
};

function when(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(htmlLangOf(currentLanguage()), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

function StatusCard({ status }: { status: KycStatusAnswer }) {
  const { t } = useKycTranslation();
  return (
    <section
      className="flex flex-col gap-2 rounded-2xl border border-line/70 bg-surface p-4 md:p-5"
      aria-live="polite"
      data-testid="kyc-status"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-[15px] font-bold text-white">{t('status_title')}</h2>
        <span className={`rounded-full border px-3 py-1 text-[13px] font-semibold ${TONES[status.status]}`} data-status={status.status}>
          {t(`status.${status.status}`)}
        </span>
      </div>
      <p className="text-[13px] leading-relaxed text-soft">{t(`hint.${status.status}`)}</p>
      {status.status === 'rejected' && status.reason ? (
        <p className="flex gap-2 text-[13px] text-danger">
          <AlertIcon size={16} className="mt-0.5 shrink-0" />
          {t('reason', { reason: status.reason })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-[12px] text-muted">
        {status.submitted_at ? <span>{t('submitted_at', { when: when(status.submitted_at) })}</span> : null}
        {status.decided_at ? <span>{t('decided_at', { when: when(status.decided_at) })}</span> : null}
      </div>
    </section>
  );
}

function FileInput({
  side,
  file,
  error,
  onChange,
}: {
  side: KycSide;
  file: File | null;
  error: string | undefined;
  onChange: (file: File | null) => void;
}) {
  const { t } = useKycTranslation();
  const id = useId();
  const message = translateMessage(error);
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-line/70 bg-ink/40 p-3">
      <label htmlFor={id} className="text-[14px] font-semibold text-white">
        {t(side)}
      </label>
      <p className="text-[12px] text-muted">{t(`${side}_hint`)}</p>
      <input
        id={id}
        name={side}
        type="file"
        accept={ACCEPT}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="text-[13px] text-soft file:mr-3 file:rounded-lg file:border-0 file:bg-gold/15 file:px-3 file:py-2 file:font-semibold file:text-gold hover:file:bg-gold/25"
      />
      {file ? <p className="truncate text-[12px] text-soft">{file.name}</p> : null}
      {message ? (
        <p id={`${id}-error`} className="text-[13px] text-danger" data-field-error={side}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The three files and the birth date; the server decides what the files are, this only spares a useless upload. */
function DocumentsForm() {
  const { t } = useKycTranslation();
  const setStatus = useSetKycStatus();
  const birthId = useId();
  const [files, setFiles] = useState<Record<KycSide, File | null>>({ front: null, back: null, selfie: null });
  const [birthDate, setBirthDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  function choose(side: KycSide, file: File | null) {
    setFiles((current) => ({ ...current, [side]: file }));
    setErrors(({ [side]: _, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const side of KYC_SIDES) {
      const file = files[side];
      if (!file) found[side] = 'validation.kyc_file_required';
      else if (file.size > KYC_MAX_FILE_BYTES) found[side] = 'validation.kyc_file_too_large';
      else if (file.type && !ACCEPTED_TYPES.has(file.type)) found[side] = 'validation.kyc_file_type';
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) found.birth_date = 'validation.required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const answer = await sendDocuments(files as Record<KycSide, File>, birthDate);
      setStatus(answer.data);
      toast.success(t('sent'));
    } catch (error) {
      if (isSessionError(error)) return;
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? ''])));
      }
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const birthError = translateMessage(errors.birth_date);
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4 md:p-5"
      data-testid="kyc-form"
    >
      <h2 className="text-[15px] font-bold text-white">{t('form_title')}</h2>
      <p className="text-[13px] text-muted">{t('file_rules')}</p>
      <div className="grid gap-3 md:grid-cols-3">
        {KYC_SIDES.map((side) => (
          <FileInput key={side} side={side} file={files[side]} error={errors[side]} onChange={(file) => choose(side, file)} />
        ))}
      </div>
      <div className="flex flex-col gap-1.5 md:max-w-xs">
        <label htmlFor={birthId} className="text-[13px] font-medium text-soft">
          {t('birth_date')}
        </label>
        <input
          id={birthId}
          name="birth_date"
          type="date"
          value={birthDate}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(event) => setBirthDate(event.target.value)}
          aria-invalid={birthError ? true : undefined}
          className={`h-12 w-full rounded-xl border bg-ink/60 px-3.5 text-[15px] text-white outline-none focus:border-gold/70 ${birthError ? 'border-danger/70' : 'border-line'}`}
        />
        {birthError ? <p className="text-[13px] text-danger">{birthError}</p> : null}
      </div>
      <Button type="submit" loading={sending} className="self-start">
        {sending ? t('sending') : t('submit')}
      </Button>
      <p className="text-[12px] leading-relaxed text-muted">{t('privacy')}</p>
    </form>
  );
}

function MemberIdentity() {
  const status = useKycStatus(true);
  if (status.isPending) return <Skeleton className="h-40" />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const open = status.data.status === 'none' || status.data.status === 'rejected';
  return (
    <div className="flex flex-col gap-4">
      <StatusCard status={status.data} />
      {open ? <DocumentsForm /> : null}
    </div>
  );
}

/** /verificacao: the member's identity check (status, and the documents when none are waiting or approved). */
export function IdentityPage() {
  const { t } = useKycTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col">
      <PageHeader title={t('title')} />
      <div className="mb-4 flex gap-3 rounded-2xl bg-gradient-to-br from-surface-2 to-surface p-4">
        <ShieldIcon size={24} className="mt-0.5 shrink-0 text-gold" />
        <p className="text-[13px] leading-relaxed text-soft">{t('intro')}</p>
      </div>
      {loggedIn ? <MemberIdentity /> : <LoginRequired />}
    </section>
  );
}
