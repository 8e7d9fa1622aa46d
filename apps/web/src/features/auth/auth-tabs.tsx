import { useTranslation } from '../../lib/translation.ts';

export type AuthMode = 'login' | 'register';

export function AuthTabs({ mode, onChange }: { mode: AuthMode; onChange: (mode: AuthMode) => void }) {
  const { t } = useTranslation();
  const tabs: { id: AuthMode; label: string }[] = [
    { id: 'login', label: t('auth.login_title') },
    { id: 'register', label: t('auth.register_title') },
  ];
  return (
    <div role="tablist" aria-label={t('auth.tabs')} className="mb-5 grid grid-cols-2 gap-1 rounded-xl bg-ink/70 p-1">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={mode === tab.id}
          onClick={() => onChange(tab.id)}
          className={`h-10 rounded-lg text-sm font-semibold transition ${
            mode === tab.id ? 'bg-surface-2 text-gold shadow' : 'text-muted hover:text-white'
          }`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
