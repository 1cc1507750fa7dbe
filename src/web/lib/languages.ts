export const languages = ['fr', 'en', 'es'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
