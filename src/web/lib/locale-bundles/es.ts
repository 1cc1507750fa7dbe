/** Every namespace of one language except `common` (bundled with the shell): one chunk, fetched on demand. */
export default import.meta.glob<Record<string, unknown>>(['../../locales/es/*.json', '!../../locales/es/common.json'], { eager: true, import: 'default' });
