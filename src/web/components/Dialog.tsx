import { useId, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

/**
 * A modal on the native <dialog>: focus moves in and back, Escape closes (unless `busy`, while
 * an action is under way), the page behind is inert.
 */
export function Dialog({
  open,
  title,
  busy = false,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={(e) => busy && e.preventDefault()}
      aria-labelledby={titleId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-bold text-brand-900">
            {title}
          </h2>
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
