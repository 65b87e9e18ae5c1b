import { describe, expect, it } from 'vitest';
import { KINDS } from '../../../../src/core/input/kinds/registry.js';
import { INPUT_KINDS, type Json, shapeOf } from '../../../../src/core/input/kinds.js';
import { VIEWS } from '../../../../src/ui/model/kinds/registry.js';
import { inputAsText, pastedInput } from '../../../../src/ui/model/pasted.js';

const SAMPLES: Record<string, Json> = {
  'int-array': [3, -1, 2],
  string: 'a "b"\nc',
  array: [1, 'x', null, true],
  json: { a: [1, 2], b: null },
  args: ['ab', [1, 2], 7],
};

describe("the page's input kinds, each in its home", () => {
  it('has a view for every kind, under its own name', () => {
    expect(Object.keys(VIEWS).sort()).toEqual([...INPUT_KINDS].sort());
    for (const kind of INPUT_KINDS) expect(VIEWS[kind].name).toBe(kind);
  });

  it('reads back what its paste box writes, and its example is an input of the kind', () => {
    for (const kind of INPUT_KINDS) {
      const sample = SAMPLES[kind] as Json;
      expect(pastedInput(inputAsText(sample, kind), kind)).toEqual({ ok: true, input: sample });
      expect(VIEWS[kind].read(VIEWS[kind].example).ok).toBe(true);
    }
  });

  it('draws a tree as a tree and a call as a call', () => {
    for (const kind of INPUT_KINDS) {
      const { picture } = VIEWS[kind];
      expect(picture === 'tree').toBe(KINDS[kind].tree);
      expect(picture === 'call').toBe(KINDS[kind].call);
    }
  });

  it('writes every input as short text and says its size', () => {
    for (const kind of INPUT_KINDS) {
      const shape = shapeOf({ kind });
      const sample = SAMPLES[kind] as Json;
      expect(VIEWS[kind].inputText(sample, shape, 16, ',').length).toBeGreaterThan(0);
      expect(VIEWS[kind].sizeText(sample, shape).length).toBeGreaterThan(0);
      expect(VIEWS[kind].spokenInput(sample, shape).length).toBeGreaterThan(0);
    }
  });
});
