import { useTranslation } from 'react-i18next';
import type { Verification, VerificationCheck } from '../../../core/liabilities/verify';
import { money } from '../../lib/format';

function wordsOf(check: VerificationCheck): Record<string, string | number> {
  const d = check.detail ?? {};
  return {
    ...d,
    ...(typeof d.total === 'number' ? { total: money(d.total) } : {}),
    ...(typeof d.counted === 'number' ? { counted: money(d.counted) } : {}),
    ...(typeof d.expected === 'number' ? { expected: money(d.expected) } : {}),
  };
}

/** Each check of a verification in plain words, the failed one with its reason. */
export function VerificationReport({ result }: { result: Verification }) {
  const { t } = useTranslation('liabilities');
  return (
    <ol className="mt-3 space-y-1.5 text-sm" data-testid="verification-checks">
      {result.checks.map((check) => (
        <li key={check.step} className={`flex gap-2 ${check.ok ? 'text-emerald-800' : 'font-semibold text-red-800'}`}>
          <span aria-hidden="true">{check.ok ? '✓' : '✗'}</span>
          <span>
            {check.ok ? t(`step.${check.step}`, wordsOf(check)) : t(`failure.${check.failure}`, wordsOf(check))}
          </span>
        </li>
      ))}
    </ol>
  );
}
