import { regexFindings, type Recogniser } from './types.js';

const SUFFIX =
  '(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|square|sq|trail|trl|crescent|close)';
const NUMBER = '(?:\\d{1,6}[A-Za-z]?)';
const STREET_WORD = "(?:[A-Za-z][A-Za-z'.-]*|\\d{1,3}(?:st|nd|rd|th))";
const UNIT = '(?:,?[ ]+(?:apt|apartment|unit|suite|ste|#)\\.?[ ]*#?[A-Za-z0-9-]+)?';
const CITY = '(?:,[ ]*[A-Z][A-Za-z]+(?:[ ][A-Z][A-Za-z]+)?(?:,?[ ]+[A-Z]{2})?(?:[ ]+\\d{5}(?:-\\d{4})?)?)?';
const ADDRESS = new RegExp(
  `\\b${NUMBER}[ ]+(?:(?:north|south|east|west|n|s|e|w)\\.?[ ]+)?(?:${STREET_WORD}[ ]+){1,3}${SUFFIX}\\b${UNIT}${CITY}`,
  'gi',
);
const NOT_STREET =
  /^(?:and|or|the|at|on|in|to|for|of|a|an|is|it|my|your|about|around|minutes?|hours?|days?|weeks?|years?|times?|people|dollars?)$/i;

/** Street addresses: a house number, one to three street-name words and a suffix, with unit, city, state, ZIP. */
export const findAddresses: Recogniser = (text) =>
  regexFindings(text, ADDRESS, 'address', (m) => {
    const words = m[0].split(/[ ,]+/).slice(1, 3);
    return !words.some((w) => NOT_STREET.test(w));
  });
