import { EXCLUSION_WITHDRAW_DAYS, PAUSE_DAYS, REALITY_CHECK_MINUTES, SELF_EXCLUSION_MONTHS } from '@casino/shared/schemas/responsible';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { ChoiceTabs } from '../../components/tabs.tsx';
import { ApiError, errorMessage, isSessionError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { Section, useCareTranslation } from './care-ui.tsx';
import { saveRealityCheck, startPause, startSelfExclusion, useRefreshStatus } from './responsible.api.ts';

/** The reality check's interval: off, 15, 30 or 60 minutes; saved as soon as it is picked. */
export function RealityCheckPanel({ minutes }: { minutes: number }) {
  const { t } = useCareTranslation();
  const headingId = useId();
  const refresh = useRefreshStatus();
  const [value, setValue] = useState(minutes);
  const pick = async (next: number) => {
    const before = value;
    setValue(next);
    try {
      await saveRealityCheck(next);
      toast.success(next === 0 ? t('reality.saved_off') : t('reality.saved', { minutes: next }));
      await refresh();
    } catch (failure) {
      setValue(before);
      if (!isSessionError(failure)) toast.error(errorMessage(failure));
    }
  };
  return (
    <Section id={headingId} title={t('reality.title')} lead={t('reality.lead')}>
      <ChoiceTabs
        label={t('reality.title')}
        value={value}
        onChange={(next) => void pick(next)}
        choices={REALITY_CHECK_MINUTES.map((m) => ({ value: m, label: m === 0 ? t('reality.off') : t('reality.every', { minutes: m }) }))}
      />
    </Section>
  );
}

type BreakKind = 'pause' | 'exclusion';
type Period = number | 'indefinite';

/** The last step: what it means, that it cannot be undone, and the login password. */
function ConfirmBreak({ kind, period, onClose }: { kind: BreakKind; period: Period; onClose: () => void }) {
  const { t } = useCareTranslation();
  const refresh = useRefreshStatus();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const length = periodLabel(t, kind, period);
  const title = kind === 'pause' ? t('breaks.confirm_pause_title') : t('breaks.confirm_exclusion_title');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setError(t('breaks.password_required'));
      return;
    }
    setBusy(true);
    try {
      if (kind === 'pause') await startPause(period as number, password);
      else await startSelfExclusion(period, password);
      toast.success(kind === 'pause' ? t('breaks.paused_done') : t('breaks.excluded_done'));
      await refresh();
      onClose();
    } catch (failure) {
      if (isSessionError(failure)) return;
      const field = failure instanceof ApiError ? failure.fieldErrors.password?.[0] : undefined;
      setError(field ?? errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose} size="sm">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4 pb-1" aria-label={title}>
        <div className="flex gap-3 rounded-xl border border-danger/40 bg-danger/10 p-3 text-[13px] leading-relaxed text-soft">
          <AlertIcon size={20} className="mt-0.5 shrink-0 text-danger" />
          <div className="flex flex-col gap-1.5">
            <p className="font-semibold text-white">
              {kind === 'pause' ? t('breaks.pause_summary', { length }) : t('breaks.exclusion_summary', { length })}
            </p>
            <p>{kind === 'pause' ? t('breaks.pause_effects') : t('breaks.exclusion_effects', { days: EXCLUSION_WITHDRAW_DAYS })}</p>
            <p className="font-semibold text-danger">{t('breaks.irreversible')}</p>
          </div>
        </div>
        <FormField
          label={t('breaks.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('breaks.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={busy} className="bg-danger/15">
            {kind === 'pause' ? t('breaks.confirm_pause') : t('breaks.confirm_exclusion')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function periodLabel(t: ReturnType<typeof useCareTranslation>['t'], kind: BreakKind, period: Period): string {
  if (period === 'indefinite') return t('breaks.indefinite');
  return kind === 'pause' ? t('breaks.days', { count: period }) : t('breaks.months', { count: period });
}

/** A choice of lengths and the button that opens the confirmation. */
function BreakChooser({ kind }: { kind: BreakKind }) {
  const { t } = useCareTranslation();
  const headingId = useId();
  const periods: readonly Period[] = kind === 'pause' ? PAUSE_DAYS : [...SELF_EXCLUSION_MONTHS, 'indefinite'];
  const [period, setPeriod] = useState<Period>(periods[0] ?? 1);
  const [confirming, setConfirming] = useState(false);
  return (
    <Section
      id={headingId}
      title={kind === 'pause' ? t('breaks.pause_title') : t('breaks.exclusion_title')}
      lead={kind === 'pause' ? t('breaks.pause_lead') : t('breaks.exclusion_lead', { days: EXCLUSION_WITHDRAW_DAYS })}
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('breaks.length')}</legend>
        {periods.map((p) => (
          <label
            key={p}
            className={`flex h-10 cursor-pointer items-center rounded-xl border px-3.5 text-[13px] font-semibold transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
              period === p ? 'border-gold bg-gold/10 text-gold' : 'border-line bg-ink/40 text-soft hover:border-gold/50'
            }`}
          >
            <input type="radio" name={`${kind}-length`} className="sr-only" checked={period === p} onChange={() => setPeriod(p)} />
            {periodLabel(t, kind, p)}
          </label>
        ))}
      </fieldset>
      <Button variant="danger" className="self-start" onClick={() => setConfirming(true)}>
        {kind === 'pause' ? t('breaks.pause_button') : t('breaks.exclusion_button')}
      </Button>
      {confirming ? <ConfirmBreak kind={kind} period={period} onClose={() => setConfirming(false)} /> : null}
    </Section>
  );
}

export function PausePanel() {
  return <BreakChooser kind="pause" />;
}

export function SelfExclusionPanel() {
  return <BreakChooser kind="exclusion" />;
}
