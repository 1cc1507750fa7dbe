import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { investorReason, reasonsFor, type RejectionReason, type ReviewKind } from '../../../core/rejection-reasons';
import { reasonTexts } from '../../../core/rejection-texts';
import { Dialog } from '../../components/Dialog';
import { Button, Field, inputClass } from '../../components/form';
import { currentLanguage } from '../../lib/i18n';

/**
 * Rejecting a request or an identity: a reason of the catalogue that applies to it (with the
 * operator's guidance), a preview of what the person will read, and an internal note they never see.
 */
export function RejectDialog({
  open,
  kind,
  preview,
  onClose,
  onConfirm,
}: {
  open: boolean;
  kind: ReviewKind;
  /** The person's text of a reason, with the request's own values filled in. */
  preview: (text: string) => string;
  onClose: () => void;
  onConfirm: (why: { reason: RejectionReason; note?: string }) => void;
}) {
  const { t } = useTranslation('admin');
  const texts = reasonTexts[currentLanguage()];
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  useEffect(() => {
    if (!open) return;
    setReason('');
    setNote('');
    setReasonMissing(false);
  }, [open]);
  return (
    <Dialog open={open} title={t('rejectTitle')} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason) return setReasonMissing(true);
          onConfirm({ reason, note: note.trim() || undefined });
          onClose();
        }}
        className="flex flex-col gap-4"
        noValidate
      >
        <Field
          label={t('rejectReason')}
          hint={reason ? texts.note[reason] : t('rejectReasonHint')}
          error={reasonMissing ? t('rejectReasonMissing') : null}
        >
          {(a11y) => (
            <select
              {...a11y}
              className={inputClass}
              required
              value={reason}
              onChange={(e) => {
                setReason(e.target.value as RejectionReason | '');
                setReasonMissing(false);
              }}
            >
              <option value="">{t('rejectReasonChoose')}</option>
              {reasonsFor(kind).map((code) => (
                <option key={code} value={code}>
                  {texts.label[code]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {reason && (
          <div className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800" data-testid="reject-preview">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t('rejectPreview')}</p>
            <p className="mt-1">{preview(texts.investor[investorReason(reason)])}</p>
          </div>
        )}
        <Field label={t('rejectNote')}>
          {(a11y) => (
            <textarea
              {...a11y}
              className={inputClass}
              rows={3}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button tone="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" tone="danger">
            {t('rejectConfirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
