import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadNamespaces } from '../../lib/i18n';

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

/** The operators' pages (and their sign-in): they answer investors from their own inbox, /admin/support. */
export const isOperatorPath = (pathname: string) => /^\/admin(\/|-login\/?$|$)/i.test(pathname);

/**
 * The button of the chat assistant (spec §2), on every investor's page, in a place the layout
 * keeps free (decision 048): in the sticky bar below 1024 px, beside the menu button; from
 * 1024 px floating at the bottom right, in the gutter that `main` and the footer leave for it
 * (styles.css, `[data-assistant-dock]`). So nothing that can be read or pressed is ever under it.
 */
export function AssistantLauncher() {
  const { t } = useTranslation();
  // The e-mails of a support conversation link to /?assistant=open: the panel opens on arrival.
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).get('assistant') === 'open');
  const launcher = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
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
        data-testid="assistant-launcher"
        className={`h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white ring-2 ring-white/40 transition hover:bg-brand-700 lg:fixed lg:bottom-6 lg:right-6 lg:z-50 lg:h-14 lg:w-14 lg:shadow-xl lg:ring-4 lg:ring-white ${open ? 'hidden sm:inline-flex' : 'inline-flex'}`}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6 lg:h-7 lg:w-7"
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
