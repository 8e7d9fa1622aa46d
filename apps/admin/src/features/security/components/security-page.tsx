import { totpDisableBody, totpEnableBody } from '@casino/shared/schemas/admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/confirm-dialog';
import { Badge, ErrorState, PageHeader, Skeleton } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { Field, invalidProps } from '../../../components/form-field';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../../components/icons';
import { DialogError } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import type { OperatorSecurity, TotpSetup } from '../../../lib/types';
import { formError, hasServerFieldErrors, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { useNewRecoveryCodes, useSecurityStatus, useTotpDisable, useTotpEnable, useTotpSetup } from '../api/security';

type Stage = { kind: 'status' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'codes'; codes: string[] };

/** Client-side messages are catalogue keys; server ones arrive translated. */
function useMessage() {
  const { t } = useTranslation();
  return (message: string | undefined) =>
    message?.startsWith('validation.') ? t(message, { defaultValue: t('validation.invalid') }) : message;
}

/** The zod key of the first issue of one field, for a form checked before it is sent. */
function clientError(schema: typeof totpEnableBody | typeof totpDisableBody, values: Record<string, string>, field: string) {
  const parsed = schema.safeParse(values);
  if (parsed.success) return undefined;
  return parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** The signed-in operator's own second factor: enrol TOTP, keep recovery codes, switch it off. */
export function SecurityPage() {
  const { t } = useTranslation();
  const status = useSecurityStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'status' });

  return (
    <>
      <PageHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      <div className="max-w-3xl">
        {status.data?.totp_required && !status.data.totp_enabled && stage.kind !== 'codes' && (
          <div
            role="alert"
            className="mb-4 flex items-start gap-2.5 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
          >
            <AlertIcon className="mt-0.5 shrink-0 text-amber-300" width={16} height={16} />
            <span>{t('security.required_notice')}</span>
          </div>
        )}
        {status.isPending ? (
          <section className="card space-y-3 p-5" aria-busy="true">
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-9 w-40" />
          </section>
        ) : status.isError ? (
          <section className="card">
            <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
          </section>
        ) : stage.kind === 'setup' ? (
          <SetupCard
            setup={stage.setup}
            onCancel={() => setStage({ kind: 'status' })}
            onEnabled={(codes) => setStage({ kind: 'codes', codes })}
          />
        ) : stage.kind === 'codes' ? (
          <RecoveryCodesCard codes={stage.codes} onDone={() => setStage({ kind: 'status' })} />
        ) : (
          <StatusCard
            status={status.data}
            onSetup={(setup) => setStage({ kind: 'setup', setup })}
            onNewCodes={(codes) => setStage({ kind: 'codes', codes })}
          />
        )}
      </div>
    </>
  );
}

function CardTitle({ status }: { status: OperatorSecurity }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2.5">
      <span className="flex size-9 items-center justify-center rounded-lg bg-gold-400/10 text-gold-300 ring-1 ring-gold-400/25">
        <ShieldIcon width={18} height={18} />
      </span>
      <h2 className="font-semibold text-white">{t('security.totp_title')}</h2>
      {status.totp_enabled ? (
        <Badge tone="green">{t('security.on')}</Badge>
      ) : status.totp_required ? (
        <Badge tone="amber">{t('security.required')}</Badge>
      ) : (
        <Badge tone="slate">{t('security.off')}</Badge>
      )}
    </div>
  );
}

function StatusCard({
  status,
  onSetup,
  onNewCodes,
}: {
  status: OperatorSecurity;
  onSetup: (setup: TotpSetup) => void;
  onNewCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const setup = useTotpSetup();
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);

  if (!status.totp_enabled) {
    return (
      <section className="card space-y-4 p-5" data-testid="totp-status">
        <CardTitle status={status} />
        <p className="text-sm leading-6 text-slate-300">{t('security.totp_explain')}</p>
        <DialogError message={setup.isError ? errorMessage(setup.error) : null} />
        <button
          type="button"
          className="btn-primary"
          disabled={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: onSetup })}
        >
          {setup.isPending && <Spinner />}
          {t('security.start_setup')}
        </button>
      </section>
    );
  }

  const fewCodes = status.recovery_codes_left <= 3;
  return (
    <section className="card space-y-4 p-5" data-testid="totp-status">
      <CardTitle status={status} />
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="rounded-lg border border-white/5 bg-navy-900/60 p-3">
          <dt className="text-xs text-slate-500">{t('security.enabled_at')}</dt>
          <dd className="mt-0.5 text-slate-200">{formatDateTime(status.totp_enabled_at, language)}</dd>
        </div>
        <div className="rounded-lg border border-white/5 bg-navy-900/60 p-3">
          <dt className="text-xs text-slate-500">{t('security.codes_left_label')}</dt>
          <dd className={`mt-0.5 ${fewCodes ? 'text-amber-300' : 'text-slate-200'}`}>
            {t('security.codes_left', { count: status.recovery_codes_left })}
          </dd>
        </div>
      </dl>
      {fewCodes && <p className="text-sm text-amber-200">{t('security.codes_low')}</p>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className="btn-secondary" onClick={() => setDialog('codes')}>
          {t('security.new_codes')}
        </button>
        <button type="button" className="btn-danger" onClick={() => setDialog('disable')}>
          {t('security.disable')}
        </button>
      </div>
      {dialog === 'codes' && (
        <NewCodesDialog
          onClose={() => setDialog(null)}
          onCodes={(codes) => {
            setDialog(null);
            onNewCodes(codes);
          }}
        />
      )}
      {dialog === 'disable' && <DisableDialog required={status.totp_required} onClose={() => setDialog(null)} />}
    </section>
  );
}

/** Groups a base32 key by four characters, as authenticator apps print them. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function SetupCard({ setup, onCancel, onEnabled }: { setup: TotpSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const enable = useTotpEnable();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = clientError(totpEnableBody, { code }, 'code');
    if (invalid) return setError(invalid);
    setError(undefined);
    enable.mutate(code, {
      onSuccess: ({ data, message: done }) => {
        toast.success(done);
        onEnabled(data.recovery_codes);
      },
      onError: (failure) => setError(serverFieldErrors(failure, ['code'] as const).code ?? errorMessage(failure)),
    });
  }

  return (
    <section className="card p-5" aria-labelledby={`${codeId}-title`} data-testid="totp-setup">
      <h2 id={`${codeId}-title`} className="font-semibold text-white">
        {t('security.setup_title')}
      </h2>
      <div className="mt-4 grid gap-5 md:grid-cols-[auto_1fr]">
        <div className="flex flex-col items-center gap-2">
          <img src={setup.qr_data_url} alt={t('security.qr_alt')} width={192} height={192} className="size-48 rounded-lg bg-white p-2" />
        </div>
        <ol className="space-y-4 text-sm text-slate-300">
          <li>
            <p className="font-medium text-slate-100">{t('security.step_scan')}</p>
            <p className="mt-0.5 text-slate-400">{t('security.step_scan_hint')}</p>
          </li>
          <li>
            <p className="font-medium text-slate-100">{t('security.step_key')}</p>
            <p
              className="mt-1.5 break-words rounded-lg border border-white/10 bg-navy-900/80 px-3 py-2 font-mono text-sm tracking-wider text-gold-200"
              data-testid="totp-secret"
            >
              {grouped(setup.secret)}
            </p>
          </li>
          <li>
            <form onSubmit={submit} noValidate className="space-y-3">
              <div>
                <label htmlFor={codeId} className="block font-medium text-slate-100">
                  {t('security.step_code')}
                </label>
                <input
                  id={codeId}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  placeholder="000000"
                  className="input mt-1.5 h-10 max-w-48 text-center font-mono text-base tracking-[0.3em] placeholder:text-slate-600"
                  data-testid="totp-enable-code"
                  {...invalidProps(codeId, error)}
                />
                {error && (
                  <p id={`${codeId}-error`} className="mt-1 text-xs text-rose-300">
                    {message(error)}
                  </p>
                )}
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <button type="button" className="btn-secondary" onClick={onCancel} disabled={enable.isPending}>
                  {t('common.cancel')}
                </button>
                <button type="submit" className="btn-primary" disabled={enable.isPending}>
                  {enable.isPending && <Spinner />}
                  {t('security.enable')}
                </button>
              </div>
            </form>
          </li>
        </ol>
      </div>
    </section>
  );
}

function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const savedId = useId();
  const text = `${t('security.codes_file_heading')}\n\n${codes.join('\n')}\n`;
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section className="card space-y-4 p-5" aria-labelledby={`${savedId}-title`} data-testid="recovery-codes">
      <div>
        <h2 id={`${savedId}-title`} className="font-semibold text-white">
          {t('security.codes_title')}
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-400">{t('security.codes_explain')}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 rounded-lg border border-white/10 bg-navy-900/80 p-3 font-mono text-sm text-gold-200 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row">
        {canCopy && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void navigator.clipboard.writeText(text).then(() => toast.success(t('security.codes_copied')))}
          >
            {t('security.copy_codes')}
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={download}>
          {t('security.download_codes')}
        </button>
      </div>
      <label htmlFor={savedId} className="flex cursor-pointer items-center gap-2.5 text-sm text-slate-200">
        <input
          id={savedId}
          type="checkbox"
          className="size-4 accent-amber-400"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
        />
        {t('security.codes_saved')}
      </label>
      <button type="button" className="btn-primary" disabled={!saved} onClick={onDone}>
        <CheckIcon width={16} height={16} />
        {t('security.done')}
      </button>
    </section>
  );
}

function NewCodesDialog({ onClose, onCodes }: { onClose: () => void; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const mutation = useNewRecoveryCodes();
  const codeId = useId();
  const [code, setCode] = useState('');
  const { errors, setErrors, clear } = useFieldErrors<'code'>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = clientError(totpEnableBody, { code }, 'code');
    if (invalid) return setErrors({ code: invalid });
    mutation.mutate(code, {
      onSuccess: ({ data, message: done }) => {
        toast.success(done);
        onCodes(data.recovery_codes);
      },
      onError: (failure) => setErrors(serverFieldErrors(failure, ['code'] as const)),
    });
  }

  return (
    <FormDialog
      title={t('security.new_codes')}
      description={t('security.new_codes_explain')}
      pending={mutation.isPending}
      error={formError(mutation, hasServerFieldErrors(mutation.error))}
      submitLabel={t('security.new_codes_submit')}
      onSubmit={submit}
      onClose={onClose}
      onFieldInput={clear}
    >
      <Field label={t('login.code')} id={codeId} error={message(errors.code)}>
        <input
          id={codeId}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          className="input text-center font-mono tracking-[0.3em]"
          {...invalidProps(codeId, errors.code)}
        />
      </Field>
    </FormDialog>
  );
}

function DisableDialog({ required, onClose }: { required: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const mutation = useTotpDisable();
  const passwordId = useId();
  const codeId = useId();
  const [values, setValues] = useState({ password: '', code: '' });
  const { errors, setErrors, clear } = useFieldErrors<'password' | 'code'>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      password: clientError(totpDisableBody, values, 'password'),
      code: clientError(totpDisableBody, values, 'code'),
    };
    if (found.password || found.code) return setErrors(found);
    mutation.mutate(values, {
      onSuccess: ({ message: done }) => {
        toast.success(done);
        onClose();
      },
      onError: (failure) => setErrors(serverFieldErrors(failure, ['password', 'code'] as const)),
    });
  }

  return (
    <FormDialog
      title={t('security.disable')}
      description={required ? t('security.disable_required_explain') : t('security.disable_explain')}
      pending={mutation.isPending}
      error={formError(mutation, hasServerFieldErrors(mutation.error))}
      submitLabel={t('security.disable_submit')}
      onSubmit={submit}
      onClose={onClose}
      onFieldInput={clear}
    >
      <Field label={t('login.password')} id={passwordId} error={message(errors.password)}>
        <input
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
          className="input"
          {...invalidProps(passwordId, errors.password)}
        />
      </Field>
      <Field label={t('security.code_or_recovery')} id={codeId} error={message(errors.code)}>
        <input
          id={codeId}
          name="code"
          value={values.code}
          onChange={(event) => setValues((v) => ({ ...v, code: event.target.value }))}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={11}
          className="input font-mono"
          {...invalidProps(codeId, errors.code)}
        />
      </Field>
    </FormDialog>
  );
}
