import { agencyBindBody, subordinateRegisterBody } from '@casino/shared/schemas/agency';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { FormField } from '../../components/form-field.tsx';
import { MaskedFormField } from '../../components/masked-form-field.tsx';
import { NewAccountFields } from '../../components/new-account-fields.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { MOBILE_MASK } from '../../lib/input-masks.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import {
  agencyKeys,
  type BindInput,
  bindInvitee,
  registerSubordinate,
  type SubordinateRegistered,
  type SubordinateRegisterInput,
} from './agency.api.ts';
import { FactRow, useLoyaltyTranslation } from './agency-ui.tsx';

const REGISTER_FIELDS = ['account', 'password', 'password_confirmation', 'phone', 'realname'] as const;
const BIND_FIELDS = ['phone', 'invite_code', 'uid'] as const;

/**
 * The shared bind body, with the UID kept as the typed digits so an empty or wrong UID gets a
 * catalogue message under its field (the shared id field's union error has none); the server
 * parses the digits with the shared rule.
 */
const bindForm = agencyBindBody.extend({
  uid: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(/^\d{1,16}$/, { error: 'validation.invalid' }),
});

function Registered({ member }: { member: SubordinateRegistered }) {
  const { t } = useLoyaltyTranslation();
  return (
    <div className="rounded-xl border border-money/40 bg-money/10 p-3" role="status" data-testid="subordinate-registered">
      <p className="mb-1 flex items-center gap-1.5 text-sm font-semibold text-money">
        <CheckIcon size={16} />
        {t('agency.register.done')}
      </p>
      <dl>
        <FactRow label={t('auth.account')}>{member.account}</FactRow>
        <FactRow label={t('agency.record.invitee_uid')}>
          <span className="tabular-nums">{member.uid}</span>
        </FactRow>
      </dl>
    </div>
  );
}

/** POST api/agency/subordinate/register: the agent opens an account that starts in its own team. */
function RegisterSubordinateForm() {
  const { t } = useLoyaltyTranslation();
  const queryClient = useQueryClient();
  const [registered, setRegistered] = useState<SubordinateRegistered | null>(null);
  const form = useForm<SubordinateRegisterInput, unknown, z.output<typeof subordinateRegisterBody>>({
    resolver: zodResolver(subordinateRegisterBody),
    defaultValues: { account: '', password: '', password_confirmation: '', phone: '', realname: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await registerSubordinate(values);
      setRegistered(answer.data);
      toast.success(answer.message);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    } catch (error) {
      showSubmitError(error, form.setError, REGISTER_FIELDS);
    }
  });

  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="text-[15px] font-bold text-white">{t('agency.register.title')}</h2>
        <p className="text-xs text-muted">{t('agency.register.hint')}</p>
      </div>
      {registered ? <Registered member={registered} /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3.5" aria-label={t('agency.register.title')}>
        <NewAccountFields
          account={{ ...form.register('account'), error: errors.account?.message }}
          password={{ ...form.register('password'), error: errors.password?.message }}
          confirmation={{ ...form.register('password_confirmation'), error: errors.password_confirmation?.message }}
          forSomeoneElse
        />
        <MaskedFormField
          label={t('auth.phone')}
          placeholder={t('auth.phone_placeholder')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          error={errors.phone?.message}
          registration={form.register('phone')}
          mask={MOBILE_MASK}
        />
        <FormField
          label={`${t('auth.realname')} (${t('common.optional')})`}
          placeholder={t('auth.realname_placeholder')}
          autoComplete="off"
          maxLength={100}
          error={errors.realname?.message}
          {...form.register('realname')}
        />
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {t('agency.register.submit')}
        </Button>
      </form>
    </Card>
  );
}

/** POST api/agency/bind: attaches a recently registered member who has no inviter to my team. */
function BindInviteeForm() {
  const { t } = useLoyaltyTranslation();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const form = useForm<BindInput, unknown, z.output<typeof bindForm>>({
    resolver: zodResolver(bindForm),
    defaultValues: { phone: '', invite_code: user.invite_code, uid: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // User info can arrive after the form mounted: fill the agent's own code once it is known.
  useEffect(() => {
    if (user.invite_code && !form.getValues('invite_code')) form.setValue('invite_code', user.invite_code);
  }, [user.invite_code, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await bindInvitee(values);
      toast.success(answer.message);
      form.reset({ phone: '', invite_code: values.invite_code, uid: '' });
      await queryClient.invalidateQueries({ queryKey: agencyKeys.all });
    } catch (error) {
      showSubmitError(error, form.setError, BIND_FIELDS);
    }
  });

  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="text-[15px] font-bold text-white">{t('agency.bind.title')}</h2>
        <p className="text-xs text-muted">{t('agency.bind.hint')}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3.5" aria-label={t('agency.bind.title')}>
        <MaskedFormField
          label={t('agency.bind.phone')}
          placeholder={t('auth.phone_placeholder')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          error={errors.phone?.message}
          registration={form.register('phone')}
          mask={MOBILE_MASK}
        />
        <FormField
          label={t('agency.record.invitation_code')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          error={errors.invite_code?.message}
          {...form.register('invite_code')}
        />
        <FormField
          label={t('agency.record.invitee_uid')}
          placeholder={t('agency.bind.uid_placeholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
          error={errors.uid?.message}
          {...form.register('uid')}
        />
        <Button type="submit" variant="outline" size="lg" block loading={isSubmitting}>
          {t('agency.bind.submit')}
        </Button>
      </form>
    </Card>
  );
}

/** /agency-center/register-subordinates: register a subordinate, or bind an invitee who signed up without the code. */
export function RegisterPanel() {
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <RegisterSubordinateForm />
      <BindInviteeForm />
    </div>
  );
}
