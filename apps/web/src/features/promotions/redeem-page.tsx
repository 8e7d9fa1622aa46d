import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { FormField } from '../../components/form-field.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { ApiError, errorMessage, isSessionError } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { ActivityShell } from './activity-shell.tsx';
import { StateMessage } from './promo-ui.tsx';
import { type ActivityCheck, type ClaimOutcome, useClaimActivity } from './promotions.api.ts';
import { vipRule } from './rules.ts';

const CODE_MAX = 32;

/** The code as the server compares it: trimmed, no inner spaces, upper case. */
export function normalizeCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** A catalogue key for a code that cannot be sent, or null when it can. */
export function codeProblem(code: string): string | null {
  if (code === '') return 'validation.required';
  if (code.length > CODE_MAX) return 'validation.too_long';
  return null;
}

/** The message a failed redeem shows under the input: the field's own error, else the server's message. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.fieldErrors.code?.[0] ?? (error.status === 409 ? fallback : errorMessage(error));
  return errorMessage(error);
}

function RedeemForm({ check }: { check: ActivityCheck }) {
  const { t } = useTranslation('promo');
  const claim = useClaimActivity('redeemcode', { inlineErrors: true });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [redeemed, setRedeemed] = useState<ClaimOutcome | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCode(code);
    const problem = codeProblem(normalized);
    setError(problem ?? undefined);
    if (problem) return;
    claim.mutate(
      { code: normalized },
      {
        onSuccess: (outcome) => {
          setRedeemed(outcome);
          setCode('');
        },
        onError: (failure) => {
          if (!isSessionError(failure)) setError(failureText(failure, t('claim.user_does_not_exist')));
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4"
      data-testid="redeem-form"
    >
      <FormField
        label={t('redeem.code')}
        name="code"
        placeholder={t('redeem.placeholder')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={CODE_MAX + 8}
        value={code}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
          setRedeemed(null);
        }}
        className="[&_input]:font-mono [&_input]:tracking-widest [&_input]:uppercase"
      />
      {check.state !== 'eligible' ? <StateMessage state={check.state} message={check.message} /> : null}
      <Button type="submit" block size="lg" loading={claim.isPending} disabled={check.state !== 'eligible'}>
        {t('redeem.submit')}
      </Button>
      {redeemed ? (
        <div
          className="animate-sheet-in flex items-center gap-3 rounded-xl border border-money/40 bg-money/10 p-3"
          role="status"
          data-testid="redeem-success"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-money/20 text-money">
            <CheckIcon size={20} />
          </span>
          <div className="flex flex-col">
            <span className="text-sm text-soft">{redeemed.message}</span>
            <span className="text-lg font-black text-gold tabular-nums">+{formatMoney(redeemed.result.reward)}</span>
          </div>
        </div>
      ) : null}
    </form>
  );
}

/** /resgatar: a promotional code typed by the member pays its bonus once. */
export function RedeemPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('promo');
  return (
    <ActivityShell
      type="redeemcode"
      fallbackTitle={t('pages.resgatar')}
      tagline={tp('tagline.redeemcode')}
      rules={(check) => [tp('rules.redeem_where'), tp('rules.redeem_once'), tp('rules.redeem_wagering'), ...vipRule(tp, check)]}
    >
      {(check) => <RedeemForm check={check} />}
    </ActivityShell>
  );
}
