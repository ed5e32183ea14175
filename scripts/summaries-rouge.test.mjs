// The summaries bench's reference set and score (issue 25 "Quality against references"): the rebuild
// reads the Python list literals pandas wrote into the CSV exactly, and ROUGE-2 counts clipped bigrams.
import { describe, expect, it } from 'vitest';
import { clustersOf, pythonStrings } from '../bench/summaries-data/build-multi-news.mjs';
import { rouge2 } from '../bench/summaries-rouge.mjs';

describe('the Multi-News rebuild', () => {
  it("reads a Python list of strings with either quote, escapes, and the CSV's doubled quotes", () => {
    expect(
      pythonStrings(`['It\\'s here \\n \\n Next', "She said \\"no\\" \\u2014 twice", 'caf\\xe9 \\\\ ok']`),
    ).toEqual(["It's here \n \n Next", 'She said "no" — twice', 'café \\ ok']);
    const csv = `documents,num_documents,summary\n"['A, b.', ""He's \\""up\\"".""]",2,"– The ""reference"", in full."\n`;
    expect(clustersOf(csv)).toEqual([{ documents: ['A, b.', 'He\'s "up".'], summary: '– The "reference", in full.' }]);
  });
});

describe('ROUGE-2', () => {
  it('is 1 for the same text and counts each shared bigram at most as often as the reference has it', () => {
    expect(rouge2('The cat sat.', 'the cat SAT')).toEqual({ precision: 1, recall: 1, f1: 1 });
    // "the cat" twice in the candidate, once in the reference: one match of 3 bigrams against 1 of 1.
    const score = rouge2('the cat the cat', 'the cat');
    expect(score.precision).toBeCloseTo(1 / 3);
    expect(score.recall).toBe(1);
    expect(rouge2('', 'the cat')).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});
