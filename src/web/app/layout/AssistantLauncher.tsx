import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadNamespaces } from '../../lib/i18n';
import { useClearSpot } from './useClearSpot';

// The panel and its texts are fetched when the button is first pointed at, focused or pressed.
let panelChunk: ReturnType<typeof importPanel> | undefined;
function importPanel() {
  return Promise.all([import('../../features/assistant/Assistant'), preloadNamespaces(['assistant'])]).then(
    ([module]) => module,
  );
}
const loadPanel = () =>
  (panelChunk ??= importPanel().catch((err: unknown) => {
    panelChunk = undefined;
    throw err;
  }));
const AssistantPanel = lazy(loadPanel);

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** The floating button of the chat assistant, on every page (spec §2); it never covers an action. */
export function AssistantLauncher() {
  const { t } = useTranslation();
  // The e-mails of a support conversation link to /?assistant=open: the panel opens on arrival.
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).get('assistant') === 'open');
  const launcher = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // 20 px from the bottom as a rule (24 px on wider screens), higher when a button of the page is there.
  const wide = useMediaQuery('(min-width: 640px)');
  const bottom = useClearSpot(launcher, wide ? 24 : 20, !open);
  // After the panel is gone (and the button shown again on phones), focus goes back to the button.
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      launcher.current?.focus();
    }
  }, [open]);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  const prefetch = () => void loadPanel().catch(() => undefined);
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <AssistantPanel onClose={close} />
        </Suspense>
      )}
      <button
        ref={launcher}
        type="button"
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-expanded={open}
        aria-controls="assistant-panel"
        aria-label={open ? t('assistant.close') : t('assistant.open')}
        style={{ bottom }}
        className={`fixed right-5 z-50 h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-xl ring-4 ring-white transition hover:bg-brand-700 sm:right-6 ${open ? 'hidden sm:inline-flex' : 'inline-flex'}`}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" />
          ) : (
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12ZM8.5 12h.01M12 12h.01M15.5 12h.01" />
          )}
        </svg>
      </button>
    </>
  );
}
