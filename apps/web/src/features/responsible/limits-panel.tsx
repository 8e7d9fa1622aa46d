import { LIMIT_COOLING_HOURS, MAX_TIME_LIMIT_MINUTES } from '@casino/shared/schemas/responsible';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { centavosToInput, parseLimitReais, parseMinutes, usedShare } from './care-math.ts';
import { money, Section, UsageBar, useCareTranslation, useWhen } from './care-ui.tsx';
import { type LimitKind, type LimitView, saveLimits, useRefreshStatus } from './responsible.api.ts';

const KINDS: readonly LimitKind[] = ['deposit', 'loss', 'wager', 'time'];

/** A limit's value as text: money for the money kinds, minutes for time. */
function useValueText() {
  const { t } = useCareTranslation();
  return (kind: LimitKind, value: number | null) => {
    if (value === null) return t('limits.none');
    return kind === 'time' ? t('limits.minutes', { count: value }) : money(value);
  };
}

function LimitRow({ limit, onEdit }: { limit: LimitView; onEdit: () => void }) {
  const { t } = useCareTranslation();
  const when = useWhen();
  const valueText = useValueText();
  const name = t(`limits.slot.${limit.kind}_${limit.period}`);
  const used = limit.kind === 'time' ? t('limits.minutes', { count: limit.used }) : money(limit.used);
  return (
    <li className="flex flex-col gap-2 border-b border-line/50 py-3 last:border-0" data-testid={`limit-${limit.kind}-${limit.period}`}>
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-white">{t(`limits.period.${limit.period}`)}</p>
          <p className="text-[13px] text-muted tabular-nums">
            {limit.value === null ? t('limits.none') : t('limits.used_of', { used, limit: valueText(limit.kind, limit.value) })}
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={t('limits.edit_named', { name })}>
          {limit.value === null ? t('limits.set') : t('limits.edit')}
        </Button>
      </div>
      {limit.value !== null ? <UsageBar share={usedShare(limit.used, limit.value)} label={name} /> : null}
      {limit.pending ? (
        <p className="rounded-lg bg-gold/10 px-3 py-2 text-[13px] text-gold" data-testid="limit-pending">
          {limit.pending.value === null
            ? t('limits.pending_removal', { when: when(limit.pending.applies_at) })
            : t('limits.pending_raise', { value: valueText(limit.kind, limit.pending.value), when: when(limit.pending.applies_at) })}
        </p>
      ) : null}
    </li>
  );
}

/** Sets, changes or removes one limit; says before saving whether it applies now or in 24 hours. */
function LimitDialog({ limit, onClose }: { limit: LimitView; onClose: () => void }) {
  const { t } = useCareTranslation();
  const refresh = useRefreshStatus();
  const isTime = limit.kind === 'time';
  const [text, setText] = useState(limit.value === null ? '' : isTime ? String(limit.value) : centavosToInput(limit.value));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const name = t(`limits.slot.${limit.kind}_${limit.period}`);
  const parsed = isTime ? parseMinutes(text, MAX_TIME_LIMIT_MINUTES) : parseLimitReais(text);
  const raises = parsed !== null && limit.value !== null && parsed > limit.value;

  const save = async (value: number | null) => {
    setBusy(true);
    try {
      const limits = await saveLimits([{ kind: limit.kind, period: limit.period, value }]);
      const after = limits.find((l) => l.kind === limit.kind && l.period === limit.period);
      toast.success(after?.pending ? t('limits.saved_pending', { hours: LIMIT_COOLING_HOURS }) : t('limits.saved_now'));
      await refresh();
      onClose();
    } catch (failure) {
      if (!isSessionError(failure)) setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed === null) {
      setError(isTime ? t('limits.invalid_minutes', { max: MAX_TIME_LIMIT_MINUTES }) : t('limits.invalid_money'));
      return;
    }
    void save(parsed);
  };

  return (
    <Modal title={name} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-1" aria-label={name}>
        <FormField
          label={isTime ? t('limits.input_minutes') : t('limits.input_money')}
          name="limit"
          inputMode={isTime ? 'numeric' : 'decimal'}
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          error={error}
          placeholder={isTime ? '120' : '500,00'}
        />
        <p className={`rounded-lg px-3 py-2 text-[13px] ${raises ? 'bg-gold/10 text-gold' : 'bg-ink/60 text-muted'}`}>
          {raises ? t('limits.raise_waits', { hours: LIMIT_COOLING_HOURS }) : t('limits.rule', { hours: LIMIT_COOLING_HOURS })}
        </p>
        <Button type="submit" block loading={busy}>
          {t('limits.save')}
        </Button>
        {limit.value !== null ? (
          <Button variant="danger" block disabled={busy} onClick={() => void save(null)}>
            {t('limits.remove')}
          </Button>
        ) : null}
      </form>
    </Modal>
  );
}

/** Deposit, loss and wager limits per day, week and month, and the daily time limit. */
export function LimitsPanel({ limits }: { limits: readonly LimitView[] }) {
  const { t } = useCareTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState<LimitView | null>(null);
  return (
    <Section id={headingId} title={t('limits.title')} lead={t('limits.lead', { hours: LIMIT_COOLING_HOURS })}>
      <div className="grid gap-3 md:grid-cols-2">
        {KINDS.map((kind) => {
          const rows = limits.filter((l) => l.kind === kind);
          if (rows.length === 0) return null;
          return (
            <div key={kind} className="rounded-xl bg-ink/40 px-3 pt-2">
              <h3 className="text-[13px] font-semibold tracking-wide text-gold uppercase">{t(`limits.kind.${kind}`)}</h3>
              <p className="text-xs text-muted">{t(`limits.kind_help.${kind}`)}</p>
              <ul>
                {rows.map((limit) => (
                  <LimitRow key={`${limit.kind}-${limit.period}`} limit={limit} onEdit={() => setEditing(limit)} />
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      {editing ? <LimitDialog limit={editing} onClose={() => setEditing(null)} /> : null}
    </Section>
  );
}
