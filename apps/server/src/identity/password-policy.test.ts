import { describe, expect, test } from 'vitest';
import { passwordProblems } from './password-policy.ts';

const email = 'satoshi.fan@example.test';

describe('passwordProblems', () => {
  test('accepts a long password mixing letters and digits', () => {
    expect(passwordProblems('orange7tractor4', email)).toEqual([]);
  });

  test('accepts letters with spaces as symbols (a passphrase)', () => {
    expect(passwordProblems('purple monkey dishwasher', email)).toEqual([]);
  });

  test('refuses fewer than 10 characters', () => {
    expect(passwordProblems('ab12!x', email)).toContain('Use at least 10 characters.');
  });

  test('refuses a common password even when padded with digits and symbols', () => {
    for (const common of [
      'Password123!',
      'qwertyuiop1',
      '1234567890',
      'Bitcoin2024!!',
      'passwordpassword1',
    ]) {
      expect(passwordProblems(common, email), common).toContain(
        'This password is too common. Choose one that is harder to guess.',
      );
    }
  });

  test("refuses a password containing the e-mail's local part", () => {
    expect(passwordProblems('my-Satoshi.Fan-2024', email)).toContain(
      'Do not use your e-mail address in your password.',
    );
  });

  test('ignores a local part too short to mean anything', () => {
    expect(passwordProblems('jogging-river-42', 'jo@example.test')).toEqual([]);
  });

  test('refuses a single kind of character', () => {
    expect(passwordProblems('abcdefghijklmnop', email)).toContain(
      'Mix at least two of: letters, digits, symbols.',
    );
    expect(passwordProblems('93847561029384', email)).toContain(
      'Mix at least two of: letters, digits, symbols.',
    );
  });

  test('lists every reason at once', () => {
    expect(passwordProblems('satoshi', 'satoshi@example.test')).toEqual([
      'Use at least 10 characters.',
      'This password is too common. Choose one that is harder to guess.',
      'Do not use your e-mail address in your password.',
      'Mix at least two of: letters, digits, symbols.',
    ]);
  });
});
