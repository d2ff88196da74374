import { describe, expect, it } from 'vitest';
import { isWebUrl, isWebUrlOrEmpty } from './urls.ts';

describe('web addresses', () => {
  it('accepts http(s) addresses, ignoring surrounding spaces', () => {
    expect(isWebUrl('https://docs.google.com/document/d/1')).toBe(true);
    expect(isWebUrl(' http://example.com ')).toBe(true);
  });

  it('refuses what the API refuses: no scheme, another scheme, a space inside', () => {
    expect(isWebUrl('docs.google.com/document')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('https://')).toBe(false);
    expect(isWebUrl('https://example.com/a b')).toBe(false);
  });

  it('lets an optional field stay empty', () => {
    expect(isWebUrlOrEmpty('')).toBe(true);
    expect(isWebUrlOrEmpty('  ')).toBe(true);
    expect(isWebUrlOrEmpty('https://docs.example.com/sheet')).toBe(true);
    expect(isWebUrlOrEmpty('sheet')).toBe(false);
  });
});
