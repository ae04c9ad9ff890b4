import { describe, expect, it } from 'vitest';
import { searchQuestions } from './faq-search.ts';

const items = [
  { id: 'funds', question: 'Does CDCA hold my money?', answer: ['Keys cannot transfer or withdraw.'] },
  { id: 'pay', question: 'How do I pay?', answer: ['Only in crypto. We recommend USDC.'] },
  {
    id: 'cost',
    question: 'What does it cost?',
    answer: ['Nothing until you make $100; then pay every 30 days.'],
  },
];

const ids = (query: string) => searchQuestions(items, query).map((item) => item.id);

describe('searchQuestions', () => {
  it('lists every question for an empty query', () => {
    expect(ids('  ')).toEqual(['funds', 'pay', 'cost']);
  });

  it('needs every word, matching the start of longer words and ignoring case and accents', () => {
    expect(ids('WITHDR')).toEqual(['funds']);
    expect(ids('crypto usdc')).toEqual(['pay']);
    expect(ids('crypto withdraw')).toEqual([]);
    expect(ids('mónéy')).toEqual(['funds']);
  });

  it('puts questions that match in their own text first', () => {
    expect(ids('pay')).toEqual(['pay', 'cost']);
  });

  it('finds amounts', () => {
    expect(ids('$100')).toEqual(['cost']);
  });
});
