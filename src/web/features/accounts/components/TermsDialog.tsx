import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../components/useModalDialog';
import { currentLanguage } from '../../../lib/i18n';

/** The terms of use as the PDF the app serves, one per language, in a modal dialog. */
export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const ref = useModalDialog(open);
  const pdf = `/terms/${currentLanguage()}.pdf`;
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="terms-title"
      className="m-auto h-[90vh] w-[min(56rem,94vw)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <h2 id="terms-title" className="text-lg font-bold text-brand-900">
              {t('terms.title')}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-brand-900 hover:bg-slate-50"
            >
              {t('terms.close')}
            </button>
          </div>
          <iframe src={pdf} title={t('terms.frame')} className="min-h-0 w-full flex-1" />
          <p className="border-t border-slate-200 px-5 py-2 text-sm">
            <a href={pdf} target="_blank" rel="noopener" className="font-semibold text-brand-600 underline">
              {t('terms.open')}
            </a>
          </p>
        </div>
      )}
    </dialog>
  );
}
