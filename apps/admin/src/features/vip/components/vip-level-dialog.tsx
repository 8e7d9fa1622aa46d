import type { AdminVipLevel } from '@casino/shared/schemas/vip-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/confirm-dialog';
import { DialogError, Modal } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useUpdateVipLevel, type VipLevelUpdate } from '../api/vip-admin';
import { parseReaisOrZero } from './vip-inputs';

const MONEY_FIELDS = ['min_recharge', 'min_betting', 'min_slot_betting', 'min_live_betting', 'levelup_reward'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
type Field = 'name' | MoneyField;
type FieldErrors = Partial<Record<Field, string>>;

const isField = (key: string): key is Field => key === 'name' || (MONEY_FIELDS as readonly string[]).includes(key);

/**
 * Edits one level: the name, the four thresholds and the level-up reward, in reais. Only changed
 * fields are sent; the server keeps the table climbing and answers which field breaks it.
 */
export function VipLevelDialog({ level, onClose }: { level: AdminVipLevel; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateVipLevel();
  const [errors, setErrors] = useState<FieldErrors>({});
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  // VIP0 is where every member starts: its thresholds stay at zero (the server refuses others).
  const locked = (field: Field) => level.level === 0 && field !== 'name' && field !== 'levelup_reward';

  function readForm(form: FormData): { body: VipLevelUpdate; errors: FieldErrors } {
    const body: VipLevelUpdate = {};
    const found: FieldErrors = {};
    const name = String(form.get('name') ?? '').trim();
    if (!name) found.name = t('validation.required');
    else if (name !== level.name) body.name = name;
    for (const field of MONEY_FIELDS) {
      if (locked(field)) continue;
      const value = parseReaisOrZero(String(form.get(field) ?? ''));
      if (value === null) found[field] = t('vip_levels.form.amount_invalid');
      else if (value !== level[field]) body[field] = value;
    }
    return { body, errors: found };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, errors: found } = readForm(new FormData(event.currentTarget));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { level: level.level, update: body },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('vip_levels.saved'));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const fromServer: FieldErrors = {};
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            if (isField(field) && messages[0]) fromServer[field] = messages[0];
          }
          setErrors(fromServer);
        },
      },
    );
  }

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${idOf(field)}-error`} className="mt-1 text-xs text-rose-300">
        {errors[field]}
      </p>
    ) : null;
  const hasFieldErrors = isApiError(update.error) && Object.keys(update.error.fieldErrors).length > 0;

  return (
    <Modal
      open
      title={t('vip_levels.edit_title', { name: level.name })}
      description={t('vip_levels.edit_description')}
      pending={update.isPending}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
    >
      <form
        onSubmit={submit}
        onChange={(event) => {
          // Typing in a field clears that field's message.
          const target: EventTarget = event.target;
          if (!(target instanceof HTMLInputElement) || !(target.name in errors)) return;
          setErrors((current) => ({ ...current, [target.name]: undefined }));
        }}
        noValidate
        className="space-y-3.5"
      >
        <div>
          <label htmlFor={idOf('name')} className="field-label">
            {t('vip_levels.form.name')}
          </label>
          <input
            id={idOf('name')}
            name="name"
            defaultValue={level.name}
            maxLength={32}
            className="input"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${idOf('name')}-error` : undefined}
          />
          {fieldError('name')}
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {MONEY_FIELDS.map((field) => (
            <div key={field} className={field === 'levelup_reward' ? 'sm:col-span-2' : undefined}>
              <label htmlFor={idOf(field)} className="field-label">
                {t(`vip_levels.form.${field}`)}
              </label>
              <input
                id={idOf(field)}
                name={field}
                inputMode="decimal"
                defaultValue={level[field]}
                maxLength={20}
                readOnly={locked(field)}
                className="input tabular-nums read-only:opacity-60"
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${idOf(field)}-error` : undefined}
              />
              {fieldError(field)}
            </div>
          ))}
        </div>
        <p className="text-xs text-slate-500">{level.level === 0 ? t('vip_levels.form.hint_level_zero') : t('vip_levels.form.hint')}</p>
        {/* Field errors sit under their fields; anything else is shown here. */}
        <DialogError message={update.isError && !hasFieldErrors ? errorMessage(update.error) : null} />
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {update.isPending && <Spinner />}
            {t('vip_levels.form.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
