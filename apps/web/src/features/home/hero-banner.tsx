import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { openRegister } from '../../lib/modals.ts';

const SLIDES = ['/images/hero-1.webp', '/images/hero-2.webp', '/images/hero-3.webp'];
const SLIDE_MS = 5000;

/** Three banner images that rotate, with the welcome line and the next step for the player. */
export function HeroBanner({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // The other slides wait for the page to load: they are not seen before the first turn and would
  // share the network with the first one, the page's largest element.
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');

  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);

  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.hero_title')}
      className="relative overflow-hidden rounded-2xl border border-line/60 bg-surface"
    >
      <div className="relative aspect-[16/9] w-full sm:aspect-[21/8]">
        {SLIDES.map((src, i) =>
          i > 0 && i !== index && !loaded ? null : (
            <img
              key={src}
              src={src}
              alt=""
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-700 ${i === index ? 'opacity-100' : 'opacity-0'}`}
            />
          ),
        )}
        <div className="absolute inset-0 bg-gradient-to-r from-ink/95 via-ink/70 to-ink/10 sm:via-ink/55 sm:to-transparent" />
        <div className="absolute inset-0 flex max-w-[78%] flex-col justify-center gap-2 p-4 sm:max-w-[60%] sm:gap-3 sm:p-8">
          <h1 className="text-xl leading-tight font-extrabold text-white sm:text-3xl lg:text-4xl">{t('home.hero_title')}</h1>
          <p className="max-w-sm text-[13px] leading-snug text-soft sm:text-base">{t('home.hero_text')}</p>
          <div className="mt-1">
            {loggedIn ? (
              <Link to="/recharge" className={buttonClass('money', 'sm', 'sm:h-11 sm:px-5')}>
                {t('home.hero_cta_deposit')}
              </Link>
            ) : (
              <button type="button" onClick={openRegister} className={buttonClass('gold', 'sm', 'sm:h-11 sm:px-5')}>
                {t('home.hero_cta_register')}
              </button>
            )}
          </div>
        </div>
      </div>
      <div className="absolute right-3 bottom-3 flex gap-1.5">
        {SLIDES.map((src, i) => (
          <button
            key={src}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={t('home.banner', { n: i + 1, total: SLIDES.length })}
            aria-current={i === index ? 'true' : undefined}
            className={`h-1.5 rounded-full transition-all ${i === index ? 'w-5 bg-gold' : 'w-1.5 bg-white/40'}`}
          />
        ))}
      </div>
    </section>
  );
}
