import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { CheckIcon, DownloadIcon, PlusIcon, ShareIcon } from '../../components/icons.tsx';
import { promptInstall, useInstallPrompt } from '../../lib/install-prompt.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

function IosSteps() {
  const { t } = useTranslation();
  const steps = [
    { icon: <ShareIcon size={18} />, text: t('download.ios_step1') },
    { icon: <PlusIcon size={18} />, text: t('download.ios_step2') },
    { icon: <CheckIcon size={18} />, text: t('download.ios_step3') },
  ];
  return (
    <div className="w-full rounded-2xl border border-line bg-surface p-4 text-left">
      <h2 className="mb-3 text-sm font-semibold text-white">{t('download.ios_title')}</h2>
      <ol className="flex flex-col gap-3">
        {steps.map((step, i) => (
          <li key={step.text} className="flex items-center gap-3 text-sm text-soft">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-2 text-gold">{step.icon}</span>
            <span>
              {i + 1}. {step.text}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** /download, outside the layout: the install button (beforeinstallprompt) or iOS instructions. */
export function DownloadPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.download'));
  const { prompt, installed } = useInstallPrompt();
  const [busy, setBusy] = useState(false);
  const standalone = isStandalone();
  const ios = isIos();

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-5 py-10">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(ellipse_at_top,rgba(245,196,81,0.25),transparent_70%)]"
        aria-hidden="true"
      />
      <div className="flex w-full max-w-sm flex-col items-center gap-5 text-center">
        <img
          src="/icons/icon-192.png"
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-3xl shadow-[0_10px_40px_-10px_rgba(245,196,81,0.6)]"
        />
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-extrabold text-white">{t('download.title')}</h1>
          <p className="text-sm text-soft">{t('download.subtitle')}</p>
        </div>
        {standalone || installed ? (
          <p className="flex items-center gap-2 rounded-xl bg-money/10 px-4 py-3 text-sm text-money" role="status">
            <CheckIcon size={18} /> {t('download.installed')}
          </p>
        ) : prompt ? (
          <Button size="lg" block variant="money" loading={busy} onClick={install}>
            <DownloadIcon size={20} />
            {t('download.install')}
          </Button>
        ) : ios ? (
          <IosSteps />
        ) : (
          <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm text-soft">{t('download.other_hint')}</p>
        )}
        <Link to="/" className={buttonClass('ghost', 'md', 'w-full')}>
          {t('download.open_site')}
        </Link>
        <p className="text-xs text-muted">{t('footer.adults_only')}</p>
      </div>
    </div>
  );
}
