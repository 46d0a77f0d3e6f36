import { describe, expect, it } from 'vitest';
import { CallRedactor, luhnValid } from '../../../../src-main/transcripts/redact/index.js';

const redact = (texts: string[], exempt: string[] = []) => {
  const r = new CallRedactor(new Set(exempt));
  for (const t of texts) r.learn(t);
  return { out: texts.map((t) => r.redact(t)), replaced: r.replaced };
};
const one = (t: string, exempt: string[] = []) => redact([t], exempt).out[0];

describe('redaction recognisers', () => {
  it('emails, and cards only when the Luhn check passes', () => {
    expect(one('write to ana.b+x@mail.example.org please')).toBe('write to [EMAIL_1] please');
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(one('card 4111 1111 1111 1111 ok')).toBe('card [CARD_1] ok');
    expect(one('ref 4111 1111 1111 1112 ok')).not.toContain('[CARD_');
  });

  it('phone numbers in digits, with separators and spoken as digit words', () => {
    expect(one('call (415) 555-0134 or +1 415.555.0199')).toBe('call [PHONE_1] or [PHONE_2]');
    expect(one('it is four one five, five five five, oh one three four.')).toBe('it is [PHONE_1].');
    expect(one('double five five, one two three four')).toBe('[PHONE_1]');
    expect(one('I have two kids and one dog')).toBe('I have two kids and one dog');
  });

  it('dates of birth in words and digits, not an appointment date', () => {
    expect(one('I was born on March 14th, 1985.')).toBe('I was born on [DOB_1].');
    expect(one('DOB 03/14/1985.')).toBe('DOB [DOB_1].');
    expect(one('the fourteenth of March nineteen eighty-five')).toBe('[DOB_1]');
    expect(one('can I come on the 3rd of March?')).toBe('can I come on the 3rd of March?');
  });

  it('street addresses, national ids', () => {
    expect(one('I live at 58 North Oak Street, Apt 4B, Springfield, IL 62704.')).toBe('I live at [ADDRESS_1].');
    expect(one('SSN 123-45-6789, social security number 123 45 6789')).toBe(
      'SSN [ID_1], social security number [ID_1]',
    );
    expect(one('about 20 minutes away')).toBe('about 20 minutes away');
  });

  it('names after the phrases and from the list; the agent own name and ordinary words stay; consistent in a call', () => {
    const { out } = redact(
      ['Hi, this is Ava from Sunrise Dental.', "my name is Ngozi Oyelaran, I'm fine", 'Thanks Ngozi. Oyelaran, right?'],
      ['ava', 'sunrise', 'dental'],
    );
    expect(out).toEqual([
      'Hi, this is Ava from Sunrise Dental.',
      "my name is [NAME_1], I'm fine",
      'Thanks [NAME_1]. [NAME_1], right?',
    ]);
    expect(one("It's Tuesday and I'm calling about Daniel Kim")).toBe("It's Tuesday and I'm calling about [NAME_1]");
  });
});
