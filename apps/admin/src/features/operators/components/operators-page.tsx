import { createOperatorBody, OPERATOR_ROLES, type OperatorRole, ROLE_PERMISSIONS } from '@casino/shared/schemas/admin';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Spinner } from '../../../components/confirm-dialog';
import { Badge, EmptyState, ErrorState, PageHeader, TableSkeleton } from '../../../components/feedback';
import { ChevronDownIcon, PlusIcon } from '../../../components/icons';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useOperator } from '../../../lib/auth';
import type { Operator } from '../../../lib/types';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { type CreateOperatorInput, useCreateOperator, useOperators, useResetSecondFactor } from '../api/operators';

const OPERATOR_STATUS_ACTIVE = 1;

export function OperatorsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const operators = useOperators();
  const me = useOperator();
  const [resetting, setResetting] = useState<Operator | null>(null);

  return (
    <>
      <PageHeader title={t('operators.title')} subtitle={t('operators.subtitle')} />
      <div className="grid gap-4 xl:grid-cols-[1fr_340px]">
        <section className="card h-fit overflow-hidden" aria-busy={operators.isFetching}>
          {operators.isPending ? (
            <TableSkeleton columns={6} rows={4} />
          ) : operators.isError ? (
            <ErrorState message={operators.error.message} onRetry={() => void operators.refetch()} />
          ) : operators.data.length === 0 ? (
            <EmptyState title={t('operators.empty')} />
          ) : (
            <div className="overflow-x-auto">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('operators.columns.username')}</th>
                    <th scope="col">{t('operators.columns.role')}</th>
                    <th scope="col">{t('operators.columns.status')}</th>
                    <th scope="col">{t('operators.columns.second_factor')}</th>
                    <th scope="col">{t('operators.columns.created')}</th>
                    <th scope="col">{t('operators.columns.last_login')}</th>
                  </tr>
                </thead>
                <tbody>
                  {operators.data.map((operator) => (
                    <tr key={operator.id}>
                      <td className="font-medium text-white">{operator.username}</td>
                      <td>
                        <Badge tone={operator.role === 'superadmin' ? 'gold' : 'blue'}>
                          {t(`roles.${operator.role}`, { defaultValue: operator.role })}
                        </Badge>
                      </td>
                      <td>
                        {operator.status === OPERATOR_STATUS_ACTIVE ? (
                          <Badge tone="green">{t('operators.status.active')}</Badge>
                        ) : (
                          <Badge tone="red">{t('operators.status.disabled')}</Badge>
                        )}
                      </td>
                      <td>
                        <div className="flex items-center gap-2">
                          {operator.totp_enabled ? (
                            <Badge tone="green">{t('operators.second_factor.on')}</Badge>
                          ) : (
                            <Badge tone={operator.totp_required ? 'amber' : 'slate'}>
                              {t(operator.totp_required ? 'operators.second_factor.missing' : 'operators.second_factor.off')}
                            </Badge>
                          )}
                          {operator.totp_enabled && operator.id !== me.data?.id && (
                            <button type="button" className="btn-ghost h-7 px-2 text-xs" onClick={() => setResetting(operator)}>
                              {t('operators.second_factor.reset')}
                            </button>
                          )}
                        </div>
                      </td>
                      <td className="whitespace-nowrap text-slate-400">{formatDateTime(operator.created_at, language)}</td>
                      <td className="whitespace-nowrap text-slate-400">
                        {operator.last_login_at ? formatDateTime(operator.last_login_at, language) : t('operators.never')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <CreateOperatorForm />
      </div>
      <ResetSecondFactorDialog operator={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

function ResetSecondFactorDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const { t } = useTranslation();
  const reset = useResetSecondFactor();
  return (
    <ConfirmDialog
      open={operator !== null}
      title={t('operators.second_factor.reset_title', { username: operator?.username ?? '' })}
      description={t('operators.second_factor.reset_explain')}
      confirmLabel={t('operators.second_factor.reset')}
      tone="danger"
      pending={reset.isPending}
      error={reset.isError ? errorMessage(reset.error) : null}
      onConfirm={() => {
        if (!operator) return;
        reset.mutate(operator.id, {
          onSuccess: ({ message }) => {
            toast.success(message);
            reset.reset();
            onClose();
          },
        });
      }}
      onClose={() => {
        reset.reset();
        onClose();
      }}
    />
  );
}

function CreateOperatorForm() {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const usernameId = useId();
  const passwordId = useId();
  const roleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<CreateOperatorInput>({
    resolver: zodResolver(createOperatorBody.pick({ username: true, password: true, role: true })),
    defaultValues: { username: '', password: '', role: 'support' },
  });
  const role = watch('role');

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message || t('operators.created'));
        reset();
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          if ((field === 'username' || field === 'password' || field === 'role') && messages[0]) {
            setError(field, { message: messages[0] });
          }
        }
      },
    });
  });

  const message = (text: string | undefined) =>
    text?.startsWith('validation.') ? t(text, { defaultValue: t('validation.invalid') }) : text;

  return (
    <section className="card h-fit p-4" aria-labelledby="create-operator-title">
      <h2 id="create-operator-title" className="mb-3 font-semibold text-white">
        {t('operators.create_title')}
      </h2>
      <form onSubmit={onSubmit} noValidate className="space-y-3.5">
        <div>
          <label htmlFor={usernameId} className="field-label">
            {t('operators.form.username')}
          </label>
          <input
            id={usernameId}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="input"
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={`${usernameId}-hint`}
            {...register('username')}
          />
          <p id={`${usernameId}-hint`} className={`mt-1 text-xs ${errors.username ? 'text-rose-300' : 'text-slate-500'}`}>
            {errors.username ? message(errors.username.message) : t('operators.form.username_hint')}
          </p>
        </div>
        <div>
          <label htmlFor={passwordId} className="field-label">
            {t('operators.form.password')}
          </label>
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            className="input"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={`${passwordId}-hint`}
            {...register('password')}
          />
          <p id={`${passwordId}-hint`} className={`mt-1 text-xs ${errors.password ? 'text-rose-300' : 'text-slate-500'}`}>
            {errors.password ? message(errors.password.message) : t('operators.form.password_hint')}
          </p>
        </div>
        <div>
          <label htmlFor={roleId} className="field-label">
            {t('operators.form.role')}
          </label>
          <div className="relative">
            <select id={roleId} className="input appearance-none pr-8" {...register('role')}>
              {OPERATOR_ROLES.map((value) => (
                <option key={value} value={value}>
                  {t(`roles.${value}`)}
                </option>
              ))}
            </select>
            <ChevronDownIcon
              className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400"
              width={14}
              height={14}
            />
          </div>
          {errors.role && <p className="mt-1 text-xs text-rose-300">{message(errors.role.message)}</p>}
          <RolePermissions role={role} />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : <PlusIcon width={16} height={16} />}
          {t('operators.form.submit')}
        </button>
      </form>
    </section>
  );
}

function RolePermissions({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const permissions = ROLE_PERMISSIONS[role] ?? [];
  return (
    <div className="mt-2 rounded-lg border border-white/5 bg-navy-900/60 p-2.5">
      <p className="mb-1.5 text-[11px] uppercase tracking-wide text-slate-500">{t('operators.form.permissions')}</p>
      <ul className="flex flex-wrap gap-1">
        {permissions.map((permission) => (
          <li key={permission}>
            <Badge tone="slate">{t(`permissions.${permission.replace('.', '_')}`)}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
