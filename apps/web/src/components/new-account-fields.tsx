import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../lib/translation.ts';
import { FormField } from './form-field.tsx';

/** A field of a react-hook-form form: what `register` returns, with the field's error message. */
type RegisteredField = UseFormRegisterReturn & { error?: string | undefined };

/**
 * The account name, the password and its confirmation of a new account, as a member's own sign-up
 * and an agent's "register a subordinate" both ask them. For someone else's account
 * (`forSomeoneElse`) the browser is not asked to fill or remember the agent's own login name.
 */
export function NewAccountFields({
  account,
  password,
  confirmation,
  forSomeoneElse = false,
}: {
  account: RegisteredField;
  password: RegisteredField;
  confirmation: RegisteredField;
  forSomeoneElse?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('auth.account')}
        placeholder={t('auth.account_new_placeholder')}
        autoComplete={forSomeoneElse ? 'off' : 'username'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        {...account}
      />
      <FormField
        label={t('auth.password')}
        placeholder={t('auth.password_placeholder')}
        type="password"
        autoComplete="new-password"
        {...password}
      />
      <FormField
        label={t('auth.password_confirmation')}
        placeholder={t('auth.password_confirmation_placeholder')}
        type="password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
