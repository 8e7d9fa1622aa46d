import { type Register2Body, register2Body } from '@casino/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { MaskedFormField } from '../../components/masked-form-field.tsx';
import { NewAccountFields } from '../../components/new-account-fields.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { MOBILE_MASK } from '../../lib/input-masks.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { startSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useSiteInfo } from '../../lib/site.ts';
import { REGULATED_FIELDS, RegulatedFields, withLossLimitInReais } from './regulated-fields.tsx';
import { register } from './auth.api.ts';
import { CaptchaImage, useCaptcha } from './captcha.tsx';
import { TermsLinks } from '../../components/terms-links.tsx';

type RegisterOutput = z.output<typeof register2Body>;
const FIELDS = [
  'account',
  'password',
  'password_confirmation',
  'realname',
  'phone',
  'qk_pwd',
  'invite_code',
  'captcha',
  'agree',
  ...REGULATED_FIELDS,
] as const;

/**
 * An invitation link carries ?invite_code= (or the older ?code= on the home page only: elsewhere,
 * as on /gameInfo?code=, `code` names a game).
 */
function inviteCodeFromUrl(): string {
  const params = new URLSearchParams(window.location.search);
  const legacy = window.location.pathname === '/' ? params.get('code') : null;
  return (params.get('invite_code') ?? legacy ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
}

/**
 * Member registration -> POST /api/auth/register2; logs the new member in on success. On a
 * regulated site (site info says so) it also asks the regulated profile's data and sign-up limits.
 */
export function RegisterForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const { t } = useTranslation();
  const regulated = useSiteInfo().data?.regulated === true;
  const form = useForm<Register2Body, unknown, RegisterOutput>({
    resolver: withLossLimitInReais(zodResolver(register2Body)),
    defaultValues: {
      account: '',
      password: '',
      password_confirmation: '',
      realname: '',
      phone: '',
      qk_pwd: '',
      invite_code: inviteCodeFromUrl(),
      captcha: '',
      captcha_key: '',
      agree: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha((key) => form.setValue('captcha_key', key));

  const submit = form.handleSubmit(async (values) => {
    if (captcha.status === 'ready' && captcha.captcha?.enabled !== false && !values.captcha) {
      form.setError('captcha', { message: 'validation.captcha_again' }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await register({ ...values, agree: true });
      startSession(answer.data.token, answer.data.user);
      toast.success(t('auth.registered'));
      onSuccess();
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS);
      form.setValue('captcha', '');
      void captcha.refresh();
    }
  });

  const agreeError = translateMessage(errors.agree?.message);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3.5" aria-label={t('auth.register_title')}>
      <NewAccountFields
        account={{ ...form.register('account'), error: errors.account?.message }}
        password={{ ...form.register('password'), error: errors.password?.message }}
        confirmation={{ ...form.register('password_confirmation'), error: errors.password_confirmation?.message }}
      />
      <FormField
        label={t('auth.realname')}
        placeholder={t('auth.realname_placeholder')}
        autoComplete="name"
        error={errors.realname?.message}
        {...form.register('realname')}
      />
      <MaskedFormField
        label={t('auth.phone')}
        placeholder={t('auth.phone_placeholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={errors.phone?.message}
        registration={form.register('phone')}
        mask={MOBILE_MASK}
      />
      {regulated ? <RegulatedFields register={form.register} errors={errors} /> : null}
      <FormField
        label={`${t('auth.qk_pwd')} (${t('common.optional')})`}
        placeholder={t('auth.qk_pwd_placeholder')}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        error={errors.qk_pwd?.message}
        {...form.register('qk_pwd')}
      />
      <FormField
        label={`${t('auth.invite_code')} (${t('common.optional')})`}
        placeholder={t('auth.invite_code_placeholder')}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={16}
        error={errors.invite_code?.message}
        {...form.register('invite_code')}
      />
      <FormField
        label={t('auth.captcha')}
        placeholder={t('auth.captcha_placeholder')}
        autoComplete="off"
        autoCapitalize="none"
        maxLength={16}
        error={errors.captcha?.message}
        addon={<CaptchaImage state={captcha} onRefresh={() => void captcha.refresh()} />}
        {...form.register('captcha')}
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2.5 text-[13px] leading-snug text-soft">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-gold"
            aria-invalid={agreeError ? true : undefined}
            {...form.register('agree')}
          />
          <span>{t('auth.agree')}</span>
        </label>
        <TermsLinks />
        {agreeError ? (
          <p className="text-[13px] text-danger" data-field-error="agree">
            {agreeError}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" block loading={isSubmitting}>
        {t('auth.submit_register')}
      </Button>
      <p className="text-center text-sm text-muted">
        {t('auth.have_account')}{' '}
        <button type="button" onClick={onSwitch} className="font-semibold text-gold hover:underline">
          {t('auth.go_login')}
        </button>
      </p>
    </form>
  );
}
