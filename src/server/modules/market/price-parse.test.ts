import { describe, expect, it } from 'vitest';
import { parsePriceCents } from './price-parse';

describe('parsePriceCents', () => {
  it.each([
    ['65000.00', 6_500_000],
    ['65000', 6_500_000],
    ['65000.1', 6_500_010],
    ['0.01', 1],
    ['65432.104', 6_543_210],
    ['65432.105', 6_543_211],
    ['65432.999', 6_543_300],
    ['0.005', 1],
    ['97123.456789012345678', 9_712_346],
    ['10000000000', 1_000_000_000_000],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  it.each([
    ['0'],
    ['0.00'],
    ['0.004'],
    ['-65000.00'],
    ['+65000'],
    ['6.5e4'],
    ['1e3'],
    [' 65000'],
    ['65,000.00'],
    ['65000.'],
    ['.5'],
    [''],
    ['abc'],
    ['NaN'],
    ['Infinity'],
    ['10000000000.01'],
    ['99999999999999'],
  ])('refuses %j', (text) => {
    expect(parsePriceCents(text)).toBeNull();
  });

  it.each([[65000], [null], [undefined], [{}], [['65000']]])('refuses the non-string %j', (value) => {
    expect(parsePriceCents(value)).toBeNull();
  });
});
