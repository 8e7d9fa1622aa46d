import { isValidCpf } from '@casino/shared/pix/cpf';
import { normalizePixKey, PIX_KEY_TYPES, type PixKeyType } from '@casino/shared/pix/pix-key';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { MaskedFormField } from '../../components/masked-form-field.tsx';
import { CardIcon, ChevronRightIcon, PlusIcon } from '../../components/icons.tsx';
import { showSubmitError } from '../../lib/form-errors.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { CPF_MASK, MOBILE_MASK } from '../../lib/input-masks.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { type MemberBanks, saveMemberBank, useMemberBanks, walletKeys } from './wallet.api.ts';
import { ListSkeleton, LoadError, WalletPage } from './wallet-ui.tsx';

/** Client checks with the shared PIX helpers; the server checks the same again. */
const keyForm = z
  .object({
    account_type: z.enum(PIX_KEY_TYPES),
    account: z.string().trim().min(1, { error: 'validation.required' }).max(100),
    name: z.string().trim().min(2, { error: 'validation.realname_format' }).max(100, { error: 'validation.realname_format' }),
    cpf_id: z.string().trim().max(20),
    bank_name: z.string().trim().max(100),
  })
  .superRefine((value, ctx) => {
    if (value.account) {
      const key = normalizePixKey(value.account_type, value.account);
      if (!key.ok) ctx.addIssue({ code: 'custom', path: ['account'], message: key.error });
    }
    // A CPF key is the member's CPF itself: no second field to fill.
    if (value.account_type !== 'cpf' && !isValidCpf(value.cpf_id)) {
      ctx.addIssue({ code: 'custom', path: ['cpf_id'], message: value.cpf_id ? 'validation.cpf_invalid' : 'validation.required' });
    }
  });
type KeyValues = z.infer<typeof keyForm>;
const FIELDS = ['account_type', 'account', 'name', 'cpf_id', 'bank_name'] as const;

const PLACEHOLDERS: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  phone: '(11) 91234-5678',
  email: 'nome@exemplo.com',
  evp: '123e4567-e89b-12d3-a456-426614174000',
};

/** Keys typed as numbers get their mask (the PIX helpers strip it again before sending). */
const KEY_MASKS: Partial<Record<PixKeyType, typeof CPF_MASK | typeof MOBILE_MASK>> = { cpf: CPF_MASK, phone: MOBILE_MASK };

/** Only a path of this site: `?redirect=` must not send the player elsewhere. */
function safeRedirect(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

function AddKeyForm({ banks, onSaved }: { banks: MemberBanks; onSaved: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const form = useForm<KeyValues>({
    resolver: zodResolver(keyForm),
    defaultValues: { account_type: 'cpf', account: '', name: user.realname, cpf_id: '', bank_name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('account_type');

  const submit = form.handleSubmit(async (values) => {
    const key = normalizePixKey(values.account_type, values.account);
    if (!key.ok) return;
    try {
      const answer = await saveMemberBank({
        account_type: values.account_type,
        account: key.key,
        name: values.name,
        cpf_id: values.account_type === 'cpf' ? key.key : values.cpf_id.replace(/\D/g, ''),
        ...(values.bank_name ? { bank_name: values.bank_name } : {}),
      });
      toast.success(answer.message || t('wallet.key_saved'));
      form.reset({ ...values, account: '', bank_name: '' });
      await queryClient.invalidateQueries({ queryKey: walletKeys.banks });
      onSaved();
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS);
    }
  });

  const typeError = translateMessage(errors.account_type?.message);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('wallet.add_key')}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="pix-key-type" className="text-[13px] font-medium text-soft">
          {t('wallet.key_type')}
        </label>
        <div className="relative">
          <select
            id="pix-key-type"
            className={`${inputClass} appearance-none border-line pr-10`}
            {...form.register('account_type', {
              // A key typed for another type (and its mask) means nothing for this one.
              onChange: () => form.resetField('account', { defaultValue: '' }),
            })}
          >
            {PIX_KEY_TYPES.map((value) => (
              <option key={value} value={value} className="bg-night">
                {t(`wallet.key_types.${value}`)}
              </option>
            ))}
          </select>
          <ChevronRightIcon size={18} className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 rotate-90 text-muted" />
        </div>
        {typeError ? <p className="text-[13px] text-danger">{typeError}</p> : null}
      </div>
      {KEY_MASKS[type] ? (
        <MaskedFormField
          key={type}
          label={t('wallet.pix_key')}
          placeholder={PLACEHOLDERS[type]}
          autoComplete="off"
          type={type === 'phone' ? 'tel' : 'text'}
          inputMode={type === 'phone' ? 'tel' : 'numeric'}
          error={errors.account?.message}
          registration={form.register('account')}
          mask={KEY_MASKS[type]}
        />
      ) : (
        <FormField
          key={type}
          label={t('wallet.pix_key')}
          placeholder={PLACEHOLDERS[type]}
          autoComplete="off"
          inputMode={type === 'cnpj' ? 'numeric' : type === 'email' ? 'email' : 'text'}
          error={errors.account?.message}
          {...form.register('account')}
        />
      )}
      <FormField label={t('wallet.holder_name')} autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      {type === 'cpf' ? null : (
        <MaskedFormField
          label={t('wallet.cpf')}
          placeholder="000.000.000-00"
          inputMode="numeric"
          autoComplete="off"
          hint={banks.cpf ? t('wallet.cpf_on_file', { cpf: banks.cpf }) : t('wallet.cpf_hint')}
          error={errors.cpf_id?.message}
          registration={form.register('cpf_id')}
          mask={CPF_MASK}
        />
      )}
      <FormField
        label={`${t('wallet.bank_name')} (${t('common.optional')})`}
        autoComplete="off"
        error={errors.bank_name?.message}
        {...form.register('bank_name')}
      />
      <p className="rounded-xl bg-gold/5 p-3 text-xs text-muted ring-1 ring-gold/20 ring-inset">{t('wallet.own_cpf_note')}</p>
      <Button type="submit" size="lg" block loading={isSubmitting}>
        {t('wallet.save_key')}
      </Button>
    </form>
  );
}

function KeyList({ banks }: { banks: MemberBanks }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2.5" aria-label={t('wallet.my_keys')}>
      {banks.list.map((bank) => (
        <li
          key={bank.id}
          className="flex items-center gap-3 rounded-2xl border border-line/70 bg-gradient-to-br from-surface-2 to-surface p-4"
        >
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-[#32bcad]/15 text-[#32bcad]">
            <CardIcon size={22} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
              {t(`wallet.key_types.${bank.account_type}`)}
              {bank.is_default ? (
                <span className="rounded-full bg-gold/15 px-2 py-0.5 text-[10px] text-gold normal-case">{t('wallet.default')}</span>
              ) : null}
            </p>
            <p className="truncate font-mono text-[15px] text-white" data-testid="pix-key">
              {bank.account_masked}
            </p>
            <p className="truncate text-xs text-muted">
              {bank.name}
              {bank.bank_name ? ` · ${bank.bank_name}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /withdrawal-card: the member's PIX keys, and a form to add one. */
export function WithdrawalCardPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const banks = useMemberBanks(token !== null);
  const [adding, setAdding] = useState(false);

  const onSaved = () => {
    setAdding(false);
    const next = safeRedirect(params.get('redirect'));
    if (next) navigate(next);
  };

  let body: ReactNode;
  if (banks.isPending) body = <ListSkeleton rows={2} />;
  else if (banks.isError) body = <LoadError error={banks.error} onRetry={() => void banks.refetch()} />;
  else {
    const empty = banks.data.list.length === 0;
    body = (
      <div className="flex flex-col gap-4">
        {banks.data.cpf ? (
          <p className="text-sm text-muted">
            {t('wallet.cpf')}: <span className="font-mono text-soft">{banks.data.cpf}</span>
          </p>
        ) : null}
        {empty ? (
          <div className="flex items-center gap-3 rounded-2xl border border-dashed border-line bg-surface/60 p-4 text-sm text-soft">
            <CardIcon size={22} className="shrink-0 text-gold" />
            {t('wallet.no_keys')}
          </div>
        ) : (
          <KeyList banks={banks.data} />
        )}
        {empty || adding ? (
          <Card>
            <h2 className="mb-4 text-[15px] font-bold text-white">{t('wallet.add_key')}</h2>
            <AddKeyForm banks={banks.data} onSaved={onSaved} />
          </Card>
        ) : (
          <Button variant="outline" size="lg" block onClick={() => setAdding(true)}>
            <PlusIcon size={18} />
            {t('wallet.add_key')}
          </Button>
        )}
      </div>
    );
  }

  return <WalletPage title={t('pages.withdrawal_card')}>{body}</WalletPage>;
}
