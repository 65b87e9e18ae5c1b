import { describe, expect, it } from 'vitest';
import { BISECT_LISTING } from '../../../../src/ui/model/algorithm/bisect.js';
import { ARTICLE_LISTING } from '../../../../src/ui/model/algorithm/chunks.js';
import { DD_LISTING } from '../../../../src/ui/model/algorithm/dd.js';
import { DDMIN_LISTING } from '../../../../src/ui/model/algorithm/ddmin.js';
import {
  CHUNKS_RESUME_LISTING,
  DELETE_BLOCKS_LISTING,
} from '../../../../src/ui/model/algorithm/delete-blocks.js';
import { HDD_LISTING } from '../../../../src/ui/model/algorithm/hdd.js';
import { isTwin } from '../../../../src/ui/model/algorithm/listing.js';
import { SYNTAX_LISTING } from '../../../../src/ui/model/algorithm/syntax.js';
import { VALUES_LISTING } from '../../../../src/ui/model/algorithm/values.js';

describe('isTwin', () => {
  it("takes every reducer's TypeScript listing for a twin of its file, the article's Python not", () => {
    const twins = [
      BISECT_LISTING,
      DD_LISTING,
      DDMIN_LISTING,
      CHUNKS_RESUME_LISTING,
      DELETE_BLOCKS_LISTING,
      HDD_LISTING,
      SYNTAX_LISTING,
      VALUES_LISTING,
    ];
    expect(twins.map(isTwin)).toEqual(twins.map(() => true));
    expect(isTwin(ARTICLE_LISTING)).toBe(false);
  });
});
