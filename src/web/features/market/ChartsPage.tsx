import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';
import { Fallback } from './Fallback';

type Status = 'loading' | 'ready' | 'failed';
/** Longer than the embed document's own timeout: it normally reports first. */
const GIVE_UP_MS = 10_000;

/** The embed's own sandbox flags (src/server/modules/market/embed.ts): never allow-same-origin. */
const SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/**
 * The TradingView widgets live in /embed/charts.html, a sandboxed document (opaque origin) with
 * its own narrow policy; it reports whether they loaded. Until it says 'ready' the frame stays hidden, and on failure (or
 * silence) our own BTC chart replaces it.
 */
export function ChartsPage() {
  const { t } = useTranslation(['common', 'market']);
  const frame = useRef<HTMLIFrameElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [height, setHeight] = useState(1500);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // A sandboxed document's messages come from the opaque origin "null": only our frame's count.
      if (event.origin !== 'null' || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: string; status?: string; height?: number };
      if (data?.type !== 'atlas-charts') return;
      if (typeof data.height === 'number' && data.height > 0 && data.height < 5000) setHeight(data.height);
      setStatus((s) => (s === 'loading' ? (data.status === 'ready' ? 'ready' : 'failed') : s));
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => setStatus((s) => (s === 'loading' ? 'failed' : s)), GIVE_UP_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, []);

  return (
    <Page title={t('titles.charts')} description={t('market:metaDescription')} wide>
      <p className="-mt-2 mb-6 text-slate-600">{t('market:intro')}</p>
      {/* The widgets' place is held from the start (taller than the fallback, so the footer stays below
          the first screenful whatever the frame answers): nothing moves when they load or fail. */}
      <div className="min-h-[44rem]">
        {status === 'loading' && (
          <p role="status" className="mb-4 text-sm text-slate-600">
            {t('market:loading')}
          </p>
        )}
        {status === 'failed' && <Fallback />}
        {status !== 'failed' && (
          <iframe
            ref={frame}
            src="/embed/charts.html"
            sandbox={SANDBOX}
            title={t('market:frameTitle')}
            onError={() => setStatus('failed')}
            className={status === 'ready' ? 'w-full rounded-2xl border border-slate-200 bg-white' : 'sr-only'}
            style={{ height }}
            aria-hidden={status !== 'ready'}
            tabIndex={status === 'ready' ? 0 : -1}
          />
        )}
      </div>
      <p className="mt-4 text-xs text-slate-500">{t('market:attribution')}</p>
    </Page>
  );
}
