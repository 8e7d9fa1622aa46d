import { verifyPasswordBody } from '@casino/shared/schemas/security';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormField } from '../../components/form-field.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { verifyPassword } from './security.api.ts';
import { SecurityPage } from './security-page.tsx';

type Input = z.input<typeof verifyPasswordBody>;
type Output = z.output<typeof verifyPasswordBody>;

function VerifyPasswordForm() {
  const { t } = useTranslation();
  const [verified, setVerified] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(verifyPasswordBody),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setVerified(null);
    try {
      const answer = await verifyPassword(values);
      setVerified(answer.message || t('security.verified'));
      form.reset();
    } catch (error) {
      showSubmitError(error, form.setError, ['password']);
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('pages.verify_password')}>
        <p className="text-sm text-soft">{t('security.verify_password_desc')}</p>
        <FormField
          label={t('security.login_password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {verified ? (
          <p className="flex items-center gap-2 rounded-xl bg-money/10 px-3 py-2.5 text-sm text-money" role="status">
            <CheckIcon size={18} />
            {verified}
          </p>
        ) : null}
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {t('security.submit_verify')}
        </Button>
      </form>
    </Card>
  );
}

/** /security-center/verify-password */
export function VerifyPasswordPage() {
  const { t } = useTranslation();
  return (
    <SecurityPage title={t('pages.verify_password')}>
      <VerifyPasswordForm />
    </SecurityPage>
  );
}
