import { regexFindings, type Recogniser } from './types.js';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Email addresses as written. */
export const findEmails: Recogniser = (text) => regexFindings(text, EMAIL, 'email');
