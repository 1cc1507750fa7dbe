import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> in step with `open`: showModal() moves focus in, makes the page behind
 * inert and lets Escape close it; close() gives focus back.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
