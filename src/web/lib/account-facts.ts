import type { TFunction } from 'i18next';
import type { Fact, FactValue } from '../../core/assistant/facts';
import { fillReason } from '../../core/rejection-reasons';
import { reasonTexts } from '../../core/rejection-texts';
import { coinAmount, formatDateTime, money } from './format';
import type { Language } from './i18n';

function valueText(value: FactValue, t: TFunction, lng: Language, fact: Fact): string | number {
  switch (value.type) {
    case 'money':
      return money(value.amount);
    case 'datetime':
      return formatDateTime(value.at, lng);
    case 'count':
      return value.value;
    case 'area':
      return t(`areas.${value.value}`, { lng });
    case 'text':
      return value.value;
    case 'coins':
      return `${coinAmount(value.amount, lng)} ${value.coin}`;
    case 'duration':
      return t(`durations.${value.unit}`, { lng, count: value.count ?? 0 });
    case 'reason': {
      // The same words as the history and the e-mail, with the request's own amount.
      const amount = fact.values.amount;
      return fillReason(
        reasonTexts[lng].investor[value.value],
        amount?.type === 'money' ? { amount: money(amount.amount) } : {},
      );
    }
  }
}

/**
 * A fact in words (the assistant's catalogue), in `lng`: amounts and dates formatted the way every screen formats them. A
 * `days` value also picks the plural form.
 */
export function factText(fact: Fact, t: TFunction, lng: Language): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(fact.values)) params[name] = valueText(value, t, lng, fact);
  const days = fact.values.days;
  return t(`facts.${fact.key}`, { ...params, lng, ...(days?.type === 'count' ? { count: days.value } : {}) });
}
