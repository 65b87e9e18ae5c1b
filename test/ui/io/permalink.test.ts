import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { deflate, toBase64Url } from '../../../src/ui/io/compress.js';
import {
  decodeLink,
  encodeLink,
  LINK_WARN,
  LinkError,
  linkSession,
} from '../../../src/ui/io/permalink.js';
import { parseWorkspace } from '../../../src/ui/model/workspace-parse.js';

const ARTICLE = readFileSync('examples/article/session.jsonl', 'utf8');
const CANDIDATE = readFileSync('examples/code/max-subarray/candidate.js', 'utf8');
const REFERENCE = readFileSync('examples/code/max-subarray/reference.js', 'utf8');

const WORKSPACE = {
  lesson: 'article',
  language: 'js',
  mode: 'pair',
  candidate: CANDIDATE,
  reference: REFERENCE,
  outcome: '',
  source: 'generate',
  seed: '1103',
  length: 12,
  min: -9,
  max: 9,
  maxAttempts: 100000,
  failing: '',
  reducer: 'chunks',
  chase: 'wrong-answer',
  signature: '',
  callMs: 1000,
  repeats: 0,
  cache: true,
  maxTrials: null,
  maxMs: null,
  maxLength: null,
};

const payload = async (value: unknown) => `v1.${toBase64Url(await deflate(JSON.stringify(value)))}`;

describe('permalinks', () => {
  it('carry the article workspace, step and whole session within the length budget', async () => {
    const parsed = parseWorkspace(WORKSPACE);
    if (!parsed.ok) throw new Error(parsed.reason);
    const session = linkSession(ARTICLE);
    const hash = await encodeLink({ workspace: parsed.workspace, step: 3, session });
    expect(`http://localhost:4173/#${hash}`.length).toBeLessThanOrEqual(LINK_WARN);
    await expect(decodeLink(`#${hash}`)).resolves.toEqual({
      workspace: parsed.workspace,
      step: 3,
      session,
    });
  });

  it.each([
    ['#nothing', 'the link holds no Delta Lab state'],
    ['#v9.abc', 'the link is of version 9; this Delta Lab reads version 1'],
    ['#v1.<img>', 'the link is damaged (not base64url)'],
    ['#v1.AAAA', /^the link is damaged/],
  ])('refuses %s with a reason', async (hash, reason) => {
    const refused = decodeLink(hash);
    await expect(refused).rejects.toBeInstanceOf(LinkError);
    await expect(refused).rejects.toThrow(reason);
  });

  it('opens a link made when the failing and passing inputs were stored as pasted and passed', async () => {
    const { failing: _, ...rest } = WORKSPACE;
    const old = { ...rest, source: 'paste', pasted: '[3, -1]', isolate: '+-', passed: '[3]' };
    const { workspace } = await decodeLink(await payload({ w: old, s: 0 }));
    expect(workspace).toMatchObject({ failing: '[3, -1]', passing: '[3]', isolate: '+-' });
    expect(workspace).not.toHaveProperty('pasted');
  });

  it('refuses a workspace, step or session of the wrong shape', async () => {
    await expect(decodeLink(await payload({ w: { lesson: 3 }, s: 0 }))).rejects.toThrow(
      /^the link's workspace is unusable/,
    );
    await expect(decodeLink(await payload({ w: WORKSPACE, s: -1 }))).rejects.toThrow(
      'the link names no valid step',
    );
    await expect(decodeLink(await payload({ w: WORKSPACE, s: 0, j: 5 }))).rejects.toThrow(
      'the link’s session is not text',
    );
  });
});
