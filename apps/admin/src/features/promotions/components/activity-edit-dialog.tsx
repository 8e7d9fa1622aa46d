import { LANGUAGES } from '@casino/shared/languages';
import { type AdminActivity, MAX_VIP_LEVEL, MAX_WAGERING_MULTIPLE } from '@casino/shared/schemas/promotions-admin';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, CheckGroup, Field, invalidProps } from '../../../components/form-field';
import { toast } from '../../../components/toaster';
import { isApiError } from '../../../lib/api-client';
import { formError } from '../../../lib/use-field-errors';
import { type ActivityUpdate, useUpdateActivity } from '../api/promotions-admin';
import { ConfigFields } from './config-fields';
import { type ConfigErrors, type Draft, fieldsOf, fromDraft, sameConfig, toDraft } from './config-form-model';
import { isoToLocalInput, localInputToIso } from './promotions-ui';

type PlainField = 'starts_at' | 'ends_at' | 'min_vip_level' | 'wagering_multiple' | 'sort' | 'texts';
type FieldErrors = Partial<Record<PlainField, string>>;
const FIELDS: PlainField[] = ['starts_at', 'ends_at', 'min_vip_level', 'wagering_multiple', 'sort', 'texts'];

type Texts = Record<string, string>;

function wholeNumber(text: string, max: number): number | null {
  if (!/^\d{1,7}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= max ? value : null;
}

function changedTexts(current: Texts, edited: Texts): Texts | undefined {
  const changes: Texts = {};
  for (const { code } of LANGUAGES) {
    const value = (edited[code] ?? '').trim();
    if (value !== (current[code] ?? '')) changes[code] = value;
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** Reads the plain fields into the changes to send (only what differs) or their errors. */
function readPlainFields(form: FormData, activity: AdminActivity, t: (key: string, values?: Record<string, unknown>) => string) {
  const errors: FieldErrors = {};
  const update: ActivityUpdate = {};
  const text = (name: string) => String(form.get(name) ?? '');

  const startsAt = localInputToIso(text('starts_at'));
  const endsAt = localInputToIso(text('ends_at'));
  if (startsAt === undefined) errors.starts_at = t('promotions.edit.date_invalid');
  if (endsAt === undefined) errors.ends_at = t('promotions.edit.date_invalid');
  if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) errors.ends_at = t('promotions.edit.ends_before_starts');
  // Minutes are what the input shows: an unchanged field keeps the stored instant to the millisecond.
  if (startsAt !== undefined && text('starts_at') !== isoToLocalInput(activity.starts_at)) update.starts_at = startsAt;
  if (endsAt !== undefined && text('ends_at') !== isoToLocalInput(activity.ends_at)) update.ends_at = endsAt;

  const vip = wholeNumber(text('min_vip_level'), MAX_VIP_LEVEL);
  if (vip === null) errors.min_vip_level = t('promotions.edit.vip_invalid', { max: MAX_VIP_LEVEL });
  else if (vip !== activity.min_vip_level) update.min_vip_level = vip;

  const multiple = wholeNumber(text('wagering_multiple'), MAX_WAGERING_MULTIPLE);
  if (multiple === null) errors.wagering_multiple = t('promotions.edit.multiple_invalid', { max: MAX_WAGERING_MULTIPLE });
  else if (multiple !== activity.wagering_multiple) update.wagering_multiple = multiple;

  const sort = wholeNumber(text('sort'), 1_000_000);
  if (sort === null) errors.sort = t('promotions.edit.sort_invalid');
  else if (sort !== activity.sort) update.sort = sort;

  for (const flag of ['enabled', 'deposit_linked'] as const) {
    const checked = form.get(flag) === 'on';
    if (checked !== activity[flag]) update[flag] = checked;
  }
  return { errors, update };
}

/** Server field names onto the form: `config.prizes.1.weight` to the settings, `titles.pt` to the texts. */
function serverErrors(error: unknown): { fields: FieldErrors; config: ConfigErrors } {
  const fields: FieldErrors = {};
  const config: ConfigErrors = {};
  if (!isApiError(error)) return { fields, config };
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    if (path === 'config' || path.startsWith('config.')) config[path === 'config' ? '_' : path.slice('config.'.length)] = message;
    else {
      const head = path.split('.')[0] ?? '';
      const field: PlainField | undefined =
        head === 'titles' || head === 'contents' ? 'texts' : (FIELDS as string[]).includes(head) ? (head as PlainField) : undefined;
      if (field && !fields[field]) fields[field] = message;
    }
  }
  return { fields, config };
}

export function ActivityEditDialog({ activity, title, onClose }: { activity: AdminActivity; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateActivity();
  const fields = useMemo(() => fieldsOf(activity.config_schema), [activity.config_schema]);
  const [draft, setDraft] = useState<Draft>(() => toDraft(fields, activity.config));
  const [titles, setTitles] = useState<Texts>(activity.titles);
  const [contents, setContents] = useState<Texts>(activity.contents);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [configErrors, setConfigErrors] = useState<ConfigErrors>({});
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const plain = readPlainFields(new FormData(event.currentTarget), activity, t);
    const settings = fromDraft(fields, draft);
    // Messages of the model are catalogue keys; the server's come translated.
    setConfigErrors(settings.errors);
    setErrors(plain.errors);
    if (Object.keys(plain.errors).length > 0 || Object.keys(settings.errors).length > 0) return;

    const body: ActivityUpdate = { ...plain.update };
    if (activity.config_schema && !sameConfig(settings.config, activity.config)) body.config = settings.config;
    const titleChanges = changedTexts(activity.titles, titles);
    const contentChanges = changedTexts(activity.contents, contents);
    if (titleChanges) body.titles = titleChanges;
    if (contentChanges) body.contents = contentChanges;
    if (Object.keys(body).length === 0) {
      toast.success(t('promotions.edit.no_changes'));
      onClose();
      return;
    }
    update.mutate(
      { id: activity.id, update: body },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('promotions.edit.saved'));
          onClose();
        },
        onError: (error) => {
          const mapped = serverErrors(error);
          setErrors(mapped.fields);
          setConfigErrors(mapped.config);
        },
      },
    );
  }

  const hasFieldErrors = Object.values(errors).some(Boolean) || Object.keys(configErrors).length > 0;
  const configRootError = configErrors._;
  const errorOf = (field: PlainField) => errors[field];

  return (
    <FormDialog
      title={t('promotions.edit.title', { name: title })}
      description={t('promotions.edit.description')}
      pending={update.isPending}
      error={formError(update, hasFieldErrors)}
      submitLabel={t('promotions.edit.save')}
      onSubmit={submit}
      onClose={onClose}
      className="space-y-4"
      testId="activity-edit-form"
    >
      <CheckGroup>
        <CheckField
          id={fieldId('enabled')}
          name="enabled"
          defaultChecked={activity.enabled}
          label={t('promotions.edit.enabled')}
          hint={t('promotions.edit.enabled_hint')}
        />
        <CheckField
          id={fieldId('deposit_linked')}
          name="deposit_linked"
          defaultChecked={activity.deposit_linked}
          label={t('promotions.edit.deposit_linked')}
          hint={t('promotions.edit.deposit_linked_hint')}
          divided
        />
      </CheckGroup>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label={t('promotions.edit.starts_at')}
          id={fieldId('starts_at')}
          error={errorOf('starts_at')}
          hint={t('promotions.edit.open_hint')}
        >
          <input
            id={fieldId('starts_at')}
            name="starts_at"
            type="datetime-local"
            defaultValue={isoToLocalInput(activity.starts_at)}
            className="input tabular-nums"
            {...invalidProps(fieldId('starts_at'), errorOf('starts_at'))}
          />
        </Field>
        <Field
          label={t('promotions.edit.ends_at')}
          id={fieldId('ends_at')}
          error={errorOf('ends_at')}
          hint={t('promotions.edit.open_hint')}
        >
          <input
            id={fieldId('ends_at')}
            name="ends_at"
            type="datetime-local"
            defaultValue={isoToLocalInput(activity.ends_at)}
            className="input tabular-nums"
            {...invalidProps(fieldId('ends_at'), errorOf('ends_at'))}
          />
        </Field>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label={t('promotions.edit.min_vip_level')} id={fieldId('vip')} error={errorOf('min_vip_level')}>
          <input
            id={fieldId('vip')}
            name="min_vip_level"
            inputMode="numeric"
            defaultValue={activity.min_vip_level}
            maxLength={3}
            className="input tabular-nums"
            {...invalidProps(fieldId('vip'), errorOf('min_vip_level'))}
          />
        </Field>
        <Field label={t('promotions.edit.wagering_multiple')} id={fieldId('multiple')} error={errorOf('wagering_multiple')}>
          <div className="relative">
            <input
              id={fieldId('multiple')}
              name="wagering_multiple"
              inputMode="numeric"
              defaultValue={activity.wagering_multiple}
              maxLength={3}
              className="input pr-7 tabular-nums"
              {...invalidProps(fieldId('multiple'), errorOf('wagering_multiple'))}
            />
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500">
              ×
            </span>
          </div>
        </Field>
        <Field label={t('promotions.edit.sort')} id={fieldId('sort')} error={errorOf('sort')} className="col-span-2 sm:col-span-1">
          <input
            id={fieldId('sort')}
            name="sort"
            inputMode="numeric"
            defaultValue={activity.sort}
            maxLength={7}
            className="input tabular-nums"
            {...invalidProps(fieldId('sort'), errorOf('sort'))}
          />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-slate-500">{t('promotions.edit.wagering_hint')}</p>

      <section aria-labelledby={fieldId('config-title')} className="space-y-2 rounded-lg border border-white/5 bg-navy-900/40 p-3">
        <div className="flex items-center justify-between gap-2">
          <h3 id={fieldId('config-title')} className="text-sm font-semibold text-slate-200">
            {t('promotions.edit.settings')}
          </h3>
          {activity.default_config && fields.length > 0 && (
            <button
              type="button"
              className="btn-ghost h-7 px-2 text-xs"
              onClick={() => {
                setDraft(toDraft(fields, activity.default_config));
                setConfigErrors({});
              }}
            >
              {t('promotions.edit.restore_defaults')}
            </button>
          )}
        </div>
        {activity.config_schema ? (
          <ConfigFields fields={fields} draft={draft} errors={configErrors} idPrefix={fieldId('config')} onChange={setDraft} />
        ) : (
          <p className="text-sm text-slate-500">{t('promotions.edit.no_module')}</p>
        )}
        {configRootError && (
          <p role="alert" className="text-xs text-rose-300">
            {configRootError}
          </p>
        )}
      </section>

      <details className="rounded-lg border border-white/5 bg-navy-900/40 open:bg-navy-900/60" open={Boolean(errors.texts)}>
        <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-slate-200">
          {t('promotions.edit.texts')}
          <span className="ml-2 text-xs font-normal text-slate-500">
            {t('promotions.edit.texts_count', { filled: Object.keys(activity.titles).length, total: LANGUAGES.length })}
          </span>
        </summary>
        <div className="space-y-3 px-3 pb-3">
          {LANGUAGES.map((language) => (
            <fieldset key={language.code} className="space-y-1.5">
              <legend className="field-label">{language.name}</legend>
              <input
                aria-label={t('promotions.edit.title_in', { language: language.name })}
                lang={language.htmlLang}
                value={titles[language.code] ?? ''}
                onChange={(event) => setTitles((current) => ({ ...current, [language.code]: event.target.value }))}
                placeholder={t('promotions.edit.title_placeholder')}
                maxLength={100}
                className="input"
              />
              <textarea
                aria-label={t('promotions.edit.content_in', { language: language.name })}
                lang={language.htmlLang}
                value={contents[language.code] ?? ''}
                onChange={(event) => setContents((current) => ({ ...current, [language.code]: event.target.value }))}
                placeholder={t('promotions.edit.content_placeholder')}
                maxLength={4000}
                rows={2}
                className="input h-auto resize-y py-2"
              />
            </fieldset>
          ))}
          <p className="text-xs text-slate-500">{t('promotions.edit.texts_hint')}</p>
          {errors.texts && <p className="text-xs text-rose-300">{errors.texts}</p>}
        </div>
      </details>
    </FormDialog>
  );
}
