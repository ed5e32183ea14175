// How many more tokens than English a language needs for the same text. Tokenisers trained mostly on
// English split other scripts into far more pieces: Cyrillic and Greek words take about 1.5-2× the
// tokens, Arabic, Hebrew and Persian about 2×, Chinese, Japanese and Korean about 2× per word-equivalent,
// and Indic scripts and Thai 3× or more (measured on the cl100k and o200k vocabularies, which the
// models we offer use or resemble). A budget sized for English would stop a Hindi blog post halfway.
// Latin-script languages with many diacritics (Vietnamese, Czech …) also pay a little more.

const FACTORS: [factor: number, languages: string[]][] = [
  [3, ['Bengali', 'Hindi', 'Thai']],
  [2, ['Arabic', 'Hebrew', 'Persian', 'Chinese (Simplified)', 'Chinese (Traditional)', 'Japanese', 'Korean']],
  [1.8, ['Bulgarian', 'Greek', 'Russian', 'Serbian', 'Ukrainian']],
  [1.4, ['Vietnamese', 'Czech', 'Slovak', 'Hungarian', 'Latvian', 'Lithuanian', 'Polish', 'Romanian', 'Turkish']],
];

/** The multiplier for an answer's token budget in `language` (1 for English and unknown languages). */
export function tokenFactor(language: string): number {
  return FACTORS.find(([, languages]) => languages.includes(language))?.[0] ?? 1;
}
