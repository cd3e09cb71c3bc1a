import rule from './shown-choices.cases.json' with { type: 'json' };
import { choicesShowing, wordsLike } from './shown-choices.js';

const cases = rule.cases as [string[], string, string[]][];

describe('choicesShowing: a select offers the value its search shows', () => {
  test.each(cases)('%j showing %j offer %j', (choices, value, expected) => {
    const shown = choicesShowing(choices, value);
    expect(shown).toEqual(expected);
    // Nothing to add: the very list, so a caller can tell nothing changed.
    if (expected.length === choices.length) expect(shown).toBe(choices);
  });

  test('no value leaves the choices as they are', () => {
    const choices = ['15', '30'];
    expect(choicesShowing(choices, undefined)).toBe(choices);
  });
});

describe('wordsLike: a new choice is worded as the printed ones are', () => {
  test.each([
    ['15 miles', '15', '7', '7 miles'],
    ['Past 30 days', '30', '5', 'Past 5 days'],
    ['30 días', '30', '5', '5 días'],
    ['Thirty days', '30', '5', '5'],
  ])('%j (value %s) for %s reads %j', (words, printed, value, expected) => {
    expect(wordsLike(words, printed, value)).toBe(expected);
  });
});
