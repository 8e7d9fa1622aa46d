import { useTranslation } from 'react-i18next';
import { Field, invalidProps } from '../../../components/form-field';
import { PlusIcon } from '../../../components/icons';
import {
  type ConfigErrors,
  type Draft,
  type DraftLeaf,
  type DraftRow,
  type FieldSpec,
  humanizeKey,
  type LeafSpec,
  newRow,
} from './config-form-model';

/**
 * The activity's settings drawn from its module's JSON Schema (config-form-model.ts): money in
 * reais, rates in percent, arrays of objects as small tables that stay usable on a phone.
 */
export function ConfigFields({
  fields,
  draft,
  errors,
  idPrefix,
  disabled = false,
  onChange,
}: {
  fields: FieldSpec[];
  draft: Draft;
  errors: ConfigErrors;
  idPrefix: string;
  disabled?: boolean;
  onChange: (draft: Draft) => void;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return <p className="text-sm text-slate-500">{t('promotions.config_form.nothing')}</p>;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map((field) => {
        const path = field.key;
        const set = (value: Draft[string]) => onChange({ ...draft, [field.key]: value });
        if (field.kind === 'table') {
          return (
            <TableField
              key={path}
              spec={field}
              rows={Array.isArray(draft[field.key]) ? (draft[field.key] as DraftRow[]) : []}
              errors={errors}
              path={path}
              idPrefix={idPrefix}
              disabled={disabled}
              onChange={set}
            />
          );
        }
        if (field.kind === 'object') {
          const value = draft[field.key];
          return (
            <fieldset key={path} className="rounded-lg border border-white/5 p-3 sm:col-span-2">
              <legend className="px-1 text-xs font-medium uppercase tracking-wide text-slate-400">{keyLabel(t, field.key)}</legend>
              <ConfigFields
                fields={field.fields}
                draft={value && typeof value === 'object' && !Array.isArray(value) ? value : {}}
                errors={prefixed(errors, path)}
                idPrefix={`${idPrefix}-${path}`}
                disabled={disabled}
                onChange={set}
              />
            </fieldset>
          );
        }
        return (
          <LeafField
            key={path}
            spec={field}
            value={draft[field.key] as DraftLeaf | undefined}
            error={errors[path] ? t(errors[path], { defaultValue: errors[path] }) : undefined}
            id={`${idPrefix}-${path}`}
            label={keyLabel(t, field.key)}
            disabled={disabled}
            onChange={set}
          />
        );
      })}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** The catalogue's name of a settings key, else the key made readable. */
function keyLabel(t: T, key: string): string {
  return t(`promotions.config_keys.${key}`, { defaultValue: humanizeKey(key) });
}

/** The errors under `path`, with the prefix removed. */
function prefixed(errors: ConfigErrors, path: string): ConfigErrors {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${path}.`))
      .map(([key, value]) => [key.slice(path.length + 1), value]),
  );
}

function unitOf(spec: LeafSpec): string | null {
  if (spec.kind === 'money') return 'R$';
  if (spec.kind === 'percent') return '%';
  return null;
}

function LeafInput({
  spec,
  value,
  id,
  label,
  error,
  disabled,
  compact = false,
  onChange,
}: {
  spec: LeafSpec;
  value: DraftLeaf | undefined;
  id: string;
  label: string;
  error: string | undefined;
  disabled: boolean;
  compact?: boolean;
  onChange: (value: DraftLeaf) => void;
}) {
  const { t } = useTranslation();
  const invalid = invalidProps(id, error);
  const size = compact ? 'h-8 text-[13px]' : '';
  if (spec.kind === 'boolean') {
    return (
      <input
        id={id}
        type="checkbox"
        aria-label={compact ? label : undefined}
        checked={value === true}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-amber-400"
      />
    );
  }
  if (spec.kind === 'enum') {
    return (
      <select
        id={id}
        aria-label={compact ? label : undefined}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={`input ${size}`}
        {...invalid}
      >
        {spec.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const unit = unitOf(spec);
  const numeric = spec.kind === 'money' || spec.kind === 'percent' || spec.kind === 'integer' || spec.kind === 'number';
  const input = (
    <input
      id={id}
      aria-label={compact ? label : undefined}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      inputMode={spec.kind === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
      placeholder={spec.nullable ? (numeric ? t('promotions.config_form.no_limit') : t('promotions.config_form.optional')) : undefined}
      maxLength={spec.kind === 'text' && spec.maxLength !== null ? spec.maxLength : spec.kind === 'json' ? 4000 : 24}
      spellCheck={false}
      className={`input ${numeric ? 'tabular-nums' : ''} ${spec.kind === 'json' ? 'font-mono text-[12px]' : ''} ${
        unit === 'R$' ? 'pl-9' : unit === '%' ? 'pr-7' : ''
      } ${size}`}
      {...invalid}
    />
  );
  if (!unit) return input;
  return (
    <div className="relative">
      {input}
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-xs text-slate-500 ${unit === 'R$' ? 'left-2.5' : 'right-2.5'}`}
      >
        {unit}
      </span>
    </div>
  );
}

function LeafField({
  spec,
  value,
  id,
  label,
  error,
  disabled,
  onChange,
}: {
  spec: LeafSpec;
  value: DraftLeaf | undefined;
  id: string;
  label: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: DraftLeaf) => void;
}) {
  const { t } = useTranslation();
  if (spec.kind === 'boolean') {
    return (
      <label
        htmlFor={id}
        className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-white/5 px-3 py-2 text-sm"
      >
        <span className="font-medium text-slate-200">{label}</span>
        <LeafInput spec={spec} value={value} id={id} label={label} error={error} disabled={disabled} onChange={onChange} />
      </label>
    );
  }
  const numeric = spec.kind === 'money' || spec.kind === 'percent' || spec.kind === 'integer' || spec.kind === 'number';
  const hint = spec.nullable && numeric ? t('promotions.config_form.empty_is_no_limit') : undefined;
  return (
    <Field label={label} id={id} error={error} hint={hint} className={spec.kind === 'json' ? 'sm:col-span-2' : ''}>
      <LeafInput spec={spec} value={value} id={id} label={label} error={error} disabled={disabled} onChange={onChange} />
    </Field>
  );
}

function TableField({
  spec,
  rows,
  errors,
  path,
  idPrefix,
  disabled,
  onChange,
}: {
  spec: FieldSpec & { kind: 'table' };
  rows: DraftRow[];
  errors: ConfigErrors;
  path: string;
  idPrefix: string;
  disabled: boolean;
  onChange: (rows: DraftRow[]) => void;
}) {
  const { t } = useTranslation();
  const label = keyLabel(t, spec.key);
  const tableError = errors[path];
  const setCell = (index: number, column: string, value: DraftLeaf) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [column]: value } : row)));
  const canAdd = !disabled && (spec.maxItems === null || rows.length < spec.maxItems);
  const canRemove = !disabled && rows.length > spec.minItems;
  const cellError = (index: number, column: string) => {
    const key = errors[`${path}.${index}.${column}`];
    return key ? t(key, { defaultValue: key }) : undefined;
  };

  return (
    <fieldset className="min-w-0 sm:col-span-2">
      <legend className="field-label">{label}</legend>
      <div className="overflow-x-auto rounded-lg border border-white/5">
        <table className="w-full min-w-[22rem] border-collapse text-sm">
          <thead>
            <tr className="bg-navy-800/60 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400">
              <th scope="col" className="w-8 px-2 py-1.5 text-center">
                #
              </th>
              {spec.columns.map((column) => (
                <th key={column.key} scope="col" className="px-2 py-1.5">
                  {keyLabel(t, column.key)}
                </th>
              ))}
              <th scope="col" className="w-10 px-2 py-1.5">
                <span className="sr-only">{t('promotions.config_form.remove_row')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="border-t border-white/5 align-top">
                <td className="px-2 py-1.5 text-center text-xs text-slate-500 tabular-nums">{index + 1}</td>
                {spec.columns.map((column) => {
                  const error = cellError(index, column.key);
                  const id = `${idPrefix}-${path}-${index}-${column.key}`;
                  return (
                    <td key={column.key} className="px-1.5 py-1.5">
                      <LeafInput
                        spec={column}
                        value={row[column.key]}
                        id={id}
                        label={`${keyLabel(t, column.key)} ${index + 1}`}
                        error={error}
                        disabled={disabled}
                        compact
                        onChange={(value) => setCell(index, column.key, value)}
                      />
                      {error && (
                        <p id={`${id}-error`} className="mt-0.5 text-[11px] leading-4 text-rose-300">
                          {error}
                        </p>
                      )}
                    </td>
                  );
                })}
                <td className="px-1 py-1.5 text-right">
                  <button
                    type="button"
                    className="btn-ghost h-8 px-2 text-slate-400 hover:text-rose-300"
                    disabled={!canRemove}
                    onClick={() => onChange(rows.filter((_, at) => at !== index))}
                    aria-label={t('promotions.config_form.remove_row_named', { row: index + 1 })}
                    title={t('promotions.config_form.remove_row')}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-1.5 flex items-center justify-between gap-2">
        {tableError ? (
          <p className="text-xs text-rose-300">{t(tableError, { defaultValue: tableError, min: spec.minItems })}</p>
        ) : (
          <p className="text-xs text-slate-500">
            {t('promotions.config_form.rows', { count: rows.length, max: spec.maxItems ?? rows.length })}
          </p>
        )}
        <button
          type="button"
          className="btn-ghost h-8 px-2 text-xs"
          disabled={!canAdd}
          onClick={() => onChange([...rows, newRow(spec.columns, rows)])}
        >
          <PlusIcon width={14} height={14} />
          {t('promotions.config_form.add_row')}
        </button>
      </div>
    </fieldset>
  );
}
