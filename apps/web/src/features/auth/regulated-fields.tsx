import { parseReais } from '@casino/shared/money';
import { BRAZIL_UFS, REGULATED_PROFILE_FIELDS } from '@casino/shared/schemas/regulated-profile';
import { LIMIT_PERIODS } from '@casino/shared/schemas/responsible';
import type { MaskOptions } from '@react-input/mask';
import { useId } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { MaskedFormField } from '../../components/masked-form-field.tsx';
import { translateMessage } from '../../lib/i18n.ts';
import { CPF_MASK } from '../../lib/input-masks.ts';

/**
 * The regulated profile's fields (issue 12 item 6): CPF, birth date, e-mail, the full address and
 * the two sign-up limits. The register form shows them when the site is regulated; the completion
 * dialog after login asks them of a member whose site became regulated.
 */

export const REGULATED_FIELDS = REGULATED_PROFILE_FIELDS;

const CEP_MASK = { mask: '_____-___', replacement: { _: /\d/ } } satisfies MaskOptions;

/**
 * Wraps a form's resolver: the loss limit is typed in reais ("500" or "500,50") and sent as
 * centavos, as the API takes every limit.
 */
export function withLossLimitInReais<T extends FieldValues, C, O extends FieldValues>(resolver: Resolver<T, C, O>): Resolver<T, C, O> {
  return (values, context, options) => {
    const typed = (values as Record<string, unknown>).loss_limit;
    if (typeof typed !== 'string') return resolver(values, context, options);
    const centavos = parseReais(typed.trim().replace(/\./g, '').replace(',', '.'));
    return resolver({ ...values, loss_limit: centavos === null ? typed : String(centavos) } as T, context, options);
  };
}

function SelectField({
  id,
  label,
  error,
  children,
  ...props
}: { id: string; label: string; error?: string | undefined; children: React.ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const message = translateMessage(error);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-soft">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          aria-invalid={message ? true : undefined}
          className={`${inputClass} appearance-none pr-10 ${message ? 'border-danger/70' : 'border-line'}`}
          {...props}
        >
          {children}
        </select>
        <ChevronRightIcon size={18} className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 rotate-90 text-muted" />
      </div>
      {message ? (
        <p className="text-[13px] text-danger" data-field-error={props.name}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function RegulatedFields<T extends FieldValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation();
  const id = useId();
  // The fields' names are the regulated profile's, whatever form carries them.
  const reg = register as unknown as UseFormRegister<Record<string, string>>;
  const err = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  return (
    <div className="flex flex-col gap-3.5" data-testid="regulated-fields">
      <p className="rounded-xl border border-gold/30 bg-gold/10 px-3.5 py-2.5 text-[13px] leading-snug text-soft">
        {t('auth.regulated_intro')}
      </p>
      <MaskedFormField
        label={t('auth.cpf')}
        placeholder="000.000.000-00"
        inputMode="numeric"
        autoComplete="off"
        error={err('cpf')}
        registration={reg('cpf')}
        mask={CPF_MASK}
      />
      <FormField label={t('auth.birth_date')} type="date" autoComplete="bday" error={err('birth_date')} {...reg('birth_date')} />
      <FormField
        label={t('auth.email')}
        placeholder={t('auth.email_placeholder')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={err('email')}
        {...reg('email')}
      />
      <fieldset className="flex flex-col gap-3.5">
        <legend className="pb-2 text-sm font-semibold text-white">{t('auth.address_title')}</legend>
        <MaskedFormField
          label={t('auth.address_postal_code')}
          placeholder="00000-000"
          inputMode="numeric"
          autoComplete="postal-code"
          error={err('address_postal_code')}
          registration={reg('address_postal_code')}
          mask={CEP_MASK}
        />
        <FormField label={t('auth.address_street')} autoComplete="address-line1" error={err('address_street')} {...reg('address_street')} />
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t('auth.address_number')} autoComplete="off" error={err('address_number')} {...reg('address_number')} />
          <FormField
            label={`${t('auth.address_complement')} (${t('common.optional')})`}
            autoComplete="address-line2"
            error={err('address_complement')}
            {...reg('address_complement')}
          />
        </div>
        <FormField
          label={t('auth.address_district')}
          autoComplete="address-level3"
          error={err('address_district')}
          {...reg('address_district')}
        />
        <div className="grid grid-cols-[1fr_8rem] gap-3">
          <FormField label={t('auth.address_city')} autoComplete="address-level2" error={err('address_city')} {...reg('address_city')} />
          <SelectField
            id={`${id}-uf`}
            label={t('auth.address_state')}
            error={err('address_state')}
            defaultValue=""
            {...reg('address_state')}
          >
            <option value="" className="bg-night">
              {t('auth.choose')}
            </option>
            {BRAZIL_UFS.map((uf) => (
              <option key={uf} value={uf} className="bg-night">
                {uf}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3.5">
        <legend className="pb-1 text-sm font-semibold text-white">{t('auth.limits_title')}</legend>
        <p className="text-[13px] leading-snug text-muted">{t('auth.limits_hint')}</p>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            label={t('auth.loss_limit')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="500"
            error={err('loss_limit')}
            {...reg('loss_limit')}
          />
          <SelectField
            id={`${id}-period`}
            label={t('auth.loss_limit_period')}
            error={err('loss_limit_period')}
            defaultValue="month"
            {...reg('loss_limit_period')}
          >
            {LIMIT_PERIODS.map((period) => (
              <option key={period} value={period} className="bg-night">
                {t(`auth.period_${period}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <FormField
          label={t('auth.time_limit')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="120"
          error={err('time_limit')}
          {...reg('time_limit')}
        />
      </fieldset>
    </div>
  );
}
