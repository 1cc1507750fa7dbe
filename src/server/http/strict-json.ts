import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../core/errors';

/** Keys that would reach an object's prototype if a body were ever merged into another object. */
const poisonKeys = new Set(['__proto__', 'constructor']);

/**
 * The first key that appears twice in one object of a JSON text already known to be valid, or a
 * poisoning key; undefined when every object's keys are distinct. One pass over the text.
 */
export function ambiguousKey(text: string): { key: string; reason: 'duplicate' | 'poison' } | undefined {
  const objects: Array<Set<string> | null> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) objects.push(new Set());
    else if (c === 0x5b /* [ */) objects.push(null);
    else if (c === 0x7d /* } */ || c === 0x5d /* ] */) objects.pop();
    else if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) {
          escaped = true;
          i++;
        }
      }
      const keys = objects.at(-1);
      if (!keys) continue;
      let j = i + 1;
      while (text.charCodeAt(j) <= 0x20) j++;
      if (text.charCodeAt(j) !== 0x3a /* : */) continue;
      const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
      if (poisonKeys.has(key)) return { key, reason: 'poison' };
      if (keys.has(key)) return { key, reason: 'duplicate' };
      keys.add(key);
    }
  }
  return undefined;
}

/**
 * JSON bodies are unambiguous: a key sent twice is refused (400 duplicate_field) instead of the
 * last one silently winning, and prototype keys are refused as Fastify's own parser did.
 */
export function registerStrictJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new DomainError('invalid_json'), undefined);
    }
    const found = ambiguousKey(text);
    if (found?.reason === 'duplicate') return done(new DomainError('duplicate_field', { field: found.key }), undefined);
    if (found) return done(new DomainError('invalid_json'), undefined);
    done(null, value);
  });
}
