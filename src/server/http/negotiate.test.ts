import { describe, expect, it } from 'vitest';
import { prefersPage } from './negotiate';

describe('prefersPage', () => {
  it('a browser opening a link asks for a page', () => {
    expect(
      prefersPage(
        'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
      ),
    ).toBe(true);
    expect(prefersPage('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true);
    expect(prefersPage('application/json;q=0.5, text/html')).toBe(true);
  });

  it('programs keep JSON: no header, anything, JSON named, or JSON ranked as high as HTML', () => {
    for (const accept of [
      undefined,
      '',
      '*/*',
      'application/json',
      'application/json, text/plain, */*',
      'application/json, text/html',
      'text/html;q=0.5, application/json',
      'text/html;q=0',
      'text/html;q=oops',
    ])
      expect(prefersPage(accept), String(accept)).toBe(false);
  });
});
