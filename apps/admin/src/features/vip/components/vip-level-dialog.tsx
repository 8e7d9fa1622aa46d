import type { AdminVipLevel } from '@casino/shared/schemas/vip-admin';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { Field, invalidProps } from '../../../components/form-field';
import { toast } from '../../../components/toaster';
import { type FieldErrors, formError, hasServerFieldErrors, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { useUpdateVipLevel, type VipLevelUpdate } from '../api/vip-admin';
import { parseReaisOrZero } from './vip-inputs';

const MONEY_FIELDS = ['min_recharge', 'min_betting', 'min_slot_betting', 'min_live_betting', 'levelup_reward'] as const;
const FIELDS = ['name', ...MONEY_FIELDS] as const;
type LevelField = (typeof FIELDS)[number];

/**
 * Edits one level: the name, the four thresholds and the level-up reward, in reais. Only changed
 * fields are sent; the server keeps the table climbing and answers which field breaks it.
 */
export function VipLevelDialog({ level, onClose }: { level: AdminVipLevel; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateVipLevel();
  const { errors, setErrors, clear } = useFieldErrors<LevelField>();
  const baseId = useId();
  const idOf = (field: LevelField) => `${baseId}-${field}`;
  // VIP0 is where every member starts: its thresholds stay at zero (the server refuses others).
  const locked = (field: LevelField) => level.level === 0 && field !== 'name' && field !== 'levelup_reward';

  function readForm(form: FormData): { body: VipLevelUpdate; errors: FieldErrors<LevelField> } {
    const body: VipLevelUpdate = {};
    const found: FieldErrors<LevelField> = {};
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
        onError: (error) => setErrors(serverFieldErrors(error, FIELDS)),
      },
    );
  }

  return (
    <FormDialog
      title={t('vip_levels.edit_title', { name: level.name })}
      description={t('vip_levels.edit_description')}
      pending={update.isPending}
      error={formError(update, hasServerFieldErrors(update.error))}
      submitLabel={t('vip_levels.form.save')}
      onSubmit={submit}
      onClose={onClose}
      onFieldInput={clear}
    >
      <Field label={t('vip_levels.form.name')} id={idOf('name')} error={errors.name}>
        <input
          id={idOf('name')}
          name="name"
          defaultValue={level.name}
          maxLength={32}
          className="input"
          {...invalidProps(idOf('name'), errors.name)}
        />
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {MONEY_FIELDS.map((field) => (
          <Field
            key={field}
            label={t(`vip_levels.form.${field}`)}
            id={idOf(field)}
            error={errors[field]}
            className={field === 'levelup_reward' ? 'sm:col-span-2' : ''}
          >
            <input
              id={idOf(field)}
              name={field}
              inputMode="decimal"
              defaultValue={level[field]}
              maxLength={20}
              readOnly={locked(field)}
              className="input tabular-nums read-only:opacity-60"
              {...invalidProps(idOf(field), errors[field])}
            />
          </Field>
        ))}
      </div>
      <p className="text-xs text-slate-500">{level.level === 0 ? t('vip_levels.form.hint_level_zero') : t('vip_levels.form.hint')}</p>
    </FormDialog>
  );
}
