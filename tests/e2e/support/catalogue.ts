import { readFileSync } from 'node:fs';
import { INVESTMENT_LOCK_DAYS, WITHDRAWAL_LOCK_DAYS } from '../../../src/core/locks';

export type Lang = 'fr' | 'en' | 'es';

/** A namespace of the catalogue as the app shows it: the lock days filled in from core's rule. */
export function readCatalogue(lang: Lang, ns: string): any {
  return JSON.parse(
    readFileSync(`src/web/locales/${lang}/${ns}.json`, 'utf8')
      .replaceAll('{{investmentLockDays}}', String(INVESTMENT_LOCK_DAYS))
      .replaceAll('{{withdrawalLockDays}}', String(WITHDRAWAL_LOCK_DAYS)),
  );
}
