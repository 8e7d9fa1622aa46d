import { changePasswordBody } from '@casino/shared/schemas/security';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormField } from '../../components/form-field.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { toast } from '../../lib/toast.ts';
import { changePassword } from './security.api.ts';
import { SecurityPage } from './security-page.tsx';

type Input = z.input<typeof changePasswordBody>;
type Output = z.output<typeof changePasswordBody>;
const FIELDS = ['old_password', 'password', 'password_confirmation'] as const;

function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await changePassword(values);
      // The server keeps this session and ends the member's other sessions.
      toast.success(answer.message || t('security.password_changed'));
      form.reset();
      navigate('/security-center', { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS);
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('pages.change_password')}>
        <FormField
          label={t('security.old_password')}
          type="password"
          autoComplete="current-password"
          error={errors.old_password?.message}
          {...form.register('old_password')}
        />
        <FormField
          label={t('security.new_password')}
          placeholder={t('auth.password_placeholder')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label={t('security.confirm_new_password')}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {t('security.submit_change')}
        </Button>
      </form>
    </Card>
  );
}

/** /security-center/change-password */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  return (
    <SecurityPage title={t('pages.change_password')}>
      <ChangePasswordForm />
    </SecurityPage>
  );
}
