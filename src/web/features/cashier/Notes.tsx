import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';

/** The notes of a cashier screen, from `cashier:<section>.notes`. */
export function Notes({ section }: { section: string }) {
  const { t } = useTranslation('cashier');
  const notes = t(`${section}.notes`, { returnObjects: true }) as string[];
  return (
    <Card className="text-sm text-slate-700">
      <h2 className="mb-2 text-base font-semibold text-brand-900">{t(`${section}.notesTitle`)}</h2>
      <ul className="list-disc space-y-1 pl-5">
        {(Array.isArray(notes) ? notes : []).map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </Card>
  );
}
