import type { InvestorReason } from '../../../../core/rejection-reasons';
import { reasonTexts } from '../../../../core/rejection-texts';
import { currentLanguage } from '../../../lib/i18n';

/**
 * A rejection's reason in the catalogue's words (the e-mail says the same). Its own chunk: the
 * catalogue's texts load only for the person who has a rejection to read.
 */
export function IdentityReason({ reason }: { reason: InvestorReason }) {
  return <p className="mt-1">{reasonTexts[currentLanguage()].investor[reason]}</p>;
}
