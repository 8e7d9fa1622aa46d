import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { RefreshIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { type CaptchaAnswer, fetchCaptcha } from './auth.api.ts';

type CaptchaState = { status: 'loading' | 'ready' | 'failed'; captcha: CaptchaAnswer | null };

/** A server-generated captcha image; refresh() fetches a new one (after a failed submit too). */
export function useCaptcha(onKey: (key: string) => void) {
  const [state, setState] = useState<CaptchaState>({ status: 'loading', captcha: null });
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;

  const refresh = useCallback(async () => {
    setState((s) => ({ ...s, status: 'loading' }));
    try {
      const answer = await fetchCaptcha();
      setState({ status: 'ready', captcha: answer.data });
      onKeyRef.current(answer.data.captcha_key);
    } catch {
      setState({ status: 'failed', captcha: null });
      onKeyRef.current('');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { ...state, refresh };
}

export function CaptchaImage({ state, onRefresh }: { state: CaptchaState; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onRefresh}
      aria-label={state.status === 'failed' ? t('auth.captcha_fail') : t('auth.captcha_refresh')}
      title={t('auth.captcha_refresh')}
      className="relative flex h-12 w-[116px] shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-white/95 text-ink"
    >
      {state.captcha ? (
        <img src={state.captcha.img} alt="" className="h-full w-full object-contain" data-testid="captcha-image" />
      ) : state.status === 'failed' ? (
        <RefreshIcon size={20} />
      ) : null}
      {state.status === 'loading' ? (
        <span className="absolute inset-0 flex items-center justify-center bg-white/70">
          <Spinner size={18} />
        </span>
      ) : null}
    </button>
  );
}
