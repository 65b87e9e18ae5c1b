import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  deflate,
  fromBase64Url,
  inflate,
  TooLargeError,
  toBase64Url,
} from '../../../src/ui/io/compress.js';

const ARTICLE = readFileSync('examples/article/session.jsonl', 'utf8');

describe('compressed sessions', () => {
  it('deflates the article session to a fraction and inflates it back exactly', async () => {
    const bytes = await deflate(ARTICLE);
    expect(bytes.byteLength).toBeLessThan(ARTICLE.length / 2);
    await expect(inflate(bytes)).resolves.toBe(ARTICLE);
  });

  it('round-trips any bytes through base64url, and refuses other characters', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 37) % 256);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(text)).toEqual(bytes);
    expect(() => fromBase64Url('a+b/')).toThrow('not base64url');
  });

  it('stops inflating past its limit, and rejects corrupt data', async () => {
    const bomb = await deflate('0'.repeat(3_000_000));
    expect(bomb.byteLength).toBeLessThan(10_000);
    await expect(inflate(bomb, 1_000_000)).rejects.toBeInstanceOf(TooLargeError);
    await expect(inflate(Uint8Array.from([0xff, 0xff, 0xff, 0x00]))).rejects.toThrow();
  });
});
