import { regexFindings, type Recogniser } from './types.js';

/** The Luhn check digit test payment card numbers pass. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;

/** Card numbers: 13 to 19 digits (spaces or dashes between groups) that pass the Luhn check. */
export const findCards: Recogniser = (text) =>
  regexFindings(text, CARD, 'card', (m) => luhnValid(m[0].replace(/\D/g, '')));
