import { type Login2Body, login2Body } from '@casino/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { startSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { login } from './auth.api.ts';
import { CaptchaImage, useCaptcha } from './captcha.tsx';

type LoginOutput = z.output<typeof login2Body>;
const FIELDS = ['account', 'password', 'captcha'] as const;

/** Account (name or phone), password and captcha -> POST /api/auth/login2. */
export function LoginForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Login2Body, unknown, LoginOutput>({
    resolver: zodResolver(login2Body),
    defaultValues: { account: '', password: '', captcha: '', captcha_key: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const captcha = useCaptcha((key) => form.setValue('captcha_key', key));

  const submit = form.handleSubmit(async (values) => {
    if (captcha.status === 'ready' && captcha.captcha?.enabled !== false && !values.captcha) {
      form.setError('captcha', { message: 'validation.captcha_again' }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await login(values);
      startSession(answer.data.token, answer.data.user);
      toast.success(answer.message || t('auth.logged_in'));
      onSuccess();
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS);
      form.setValue('captcha', '');
      void captcha.refresh();
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('auth.login_title')}>
      <FormField
        label={t('auth.account')}
        placeholder={t('auth.account_placeholder')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.account?.message}
        {...form.register('account')}
      />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label={t('auth.captcha')}
        placeholder={t('auth.captcha_placeholder')}
        autoComplete="off"
        inputMode="text"
        autoCapitalize="none"
        maxLength={16}
        error={errors.captcha?.message}
        addon={<CaptchaImage state={captcha} onRefresh={() => void captcha.refresh()} />}
        {...form.register('captcha')}
      />
      <Button type="submit" size="lg" block loading={isSubmitting}>
        {t('auth.submit_login')}
      </Button>
      <p className="text-center text-sm text-muted">
        {t('auth.no_account')}{' '}
        <button type="button" onClick={onSwitch} className="font-semibold text-gold hover:underline">
          {t('auth.go_register')}
        </button>
      </p>
    </form>
  );
}
