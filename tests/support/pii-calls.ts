import type { PiiKind } from '../../src-main/transcripts/redact/index.js';
import { luhnValid } from '../../src-main/transcripts/redact/index.js';

/**
 * Generated calls with planted personal data of every kind (issue 36): Retell exports with a caller who
 * gives a name, phone numbers (digits and spoken), an email, a date of birth, an address, a card and an
 * SSN, in turns, tool arguments, tool results and dynamic variables. Deterministic (seeded).
 */

/** One planted value and the kind a redactor must find it as. `kind` `phone` + `spoken` true: said in words. */
export interface Planted {
  call: number;
  kind: PiiKind;
  value: string;
  spoken?: boolean;
}

export interface PiiCallSet {
  /** File name and text (Retell call JSON). */
  files: { name: string; text: string }[];
  planted: Planted[];
  /** Text that must survive redaction: the agent's and clinic's own names and ordinary words. */
  keep: string[];
}

export const CLINIC = 'Sunrise Dental';
export const AGENT_PERSONA = 'Ava';

/** The agent the calls are imported against: its prompt names the agent and the clinic. */
export const piiAgentGraph = {
  name: CLINIC,
  entry_node_id: 'main',
  first_speaker: 'agent',
  global_prompt: `You are ${AGENT_PERSONA}, the receptionist at ${CLINIC} Clinic. Book appointments for patients.`,
  nodes: [
    { id: 'main', type: 'conversation', instruction: { mode: 'prompt', text: 'Help the caller.' }, transitions: [] },
  ],
};

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const FIRST = ['Maria', 'Daniel', 'Priya', 'Lucas', 'Fatima', 'Kenji', 'Olivia', 'Marcus', 'Ngozi', 'Sven'];
const LAST = [
  'Okafor',
  'Lindqvist',
  'Ramanathan',
  'Ferreira',
  'Kowalczyk',
  'Haddad',
  'Nakamura',
  'Abernathy',
  'Delacroix',
  'Oyelaran',
];
const STREETS = [
  'Evergreen Terrace',
  'Maple Avenue',
  'North Oak Street',
  'Harbor View Rd',
  'Cedar Lane',
  'Willow Creek Drive',
];
const CITIES = ['Springfield, IL 62704', 'Portland, OR 97205', 'Austin, TX 78701'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const ORD = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
];
const DIGIT = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function luhnCard(r: () => number, prefix: string, length: number): string {
  for (;;) {
    let d = prefix;
    while (d.length < length - 1) d += String(Math.floor(r() * 10));
    for (let c = 0; c < 10; c++) if (luhnValid(d + c)) return d + c;
  }
}

function spokenDigits(digits: string, i: number): string {
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return groups.map((g) => [...g].map((d) => (d === '0' && i % 2 ? 'oh' : DIGIT[Number(d)])).join(' ')).join(', ');
}

const spokenYear = (y: number) =>
  y >= 2000
    ? `two thousand ${UNITS[y % 10]}`.trim()
    : `nineteen ${TENS[Math.floor((y % 100) / 10)]}${y % 10 ? `-${UNITS[y % 10]}` : ''}`;

/** `n` calls (default 30), each with one planted value of every kind (two phones: digits and spoken). */
export function generatePiiCalls(n = 30, seed = 36): PiiCallSet {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const files: PiiCallSet['files'] = [];
  const planted: Planted[] = [];
  for (let i = 0; i < n; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 3 + 1) % LAST.length];
    const name = `${first} ${last}`;
    const email = [
      `${first}.${last}@example.com`,
      `${first[0]}${last}${i}@mail.test`,
      `${first}_${last}@clinic-mail.org`,
    ][i % 3].toLowerCase();
    const phoneDigits = `${pick(['415', '212', '503', '617'])}555${pad(Math.floor(r() * 10000), 4)}`;
    const phone = [
      `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`,
      `${phoneDigits.slice(0, 3)}-${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`,
      `+1 ${phoneDigits.slice(0, 3)} ${phoneDigits.slice(3, 6)} ${phoneDigits.slice(6)}`,
      phoneDigits,
    ][i % 4];
    const spokenSource = `${pick(['206', '312', '646'])}555${pad(Math.floor(r() * 10000), 4)}`;
    const spoken = spokenDigits(spokenSource, i);
    const year = 1940 + Math.floor(r() * 65);
    const month = Math.floor(r() * 12);
    const day = 1 + Math.floor(r() * 20);
    const dob = [
      `${MONTHS[month]} ${day}${day === 1 ? 'st' : day === 2 ? 'nd' : day === 3 ? 'rd' : 'th'}, ${year}`,
      `${pad(month + 1, 2)}/${pad(day, 2)}/${year}`,
      `the ${ORD[day - 1]} of ${MONTHS[month]} ${spokenYear(year)}`,
      `${year}-${pad(month + 1, 2)}-${pad(day, 2)}`,
      `${day} ${MONTHS[month]} ${year}`,
    ][i % 5];
    const dobLead = ['I was born on', 'my date of birth is', 'DOB is', 'it is', "sure, it's"][i % 5];
    const address = `${10 + Math.floor(r() * 9000)} ${STREETS[i % STREETS.length]}${i % 3 === 0 ? `, Apt ${1 + (i % 9)}B` : ''}${i % 2 ? `, ${pick(CITIES)}` : ''}`;
    const card =
      i % 4 === 3
        ? luhnCard(r, '37', 15).replace(/^(\d{4})(\d{6})(\d{5})$/, '$1 $2 $3')
        : luhnCard(r, pick(['4', '51', '55']), 16).replace(/(\d{4})(?=\d)/g, i % 2 ? '$1-' : '$1 ');
    const ssn = `${pad(100 + Math.floor(r() * 560), 3)}-${pad(10 + Math.floor(r() * 89), 2)}-${pad(1000 + Math.floor(r() * 8999), 4)}`;
    const ssnSaid = i % 2 ? ssn : ssn.replace(/-/g, ' ');
    const intro = [`my name is ${name}`, `this is ${name}`, `I'm ${name}`, `it's ${name}`][i % 4];
    const transcript = [
      { role: 'agent', content: `Hi, this is ${AGENT_PERSONA} from ${CLINIC}. How can I help you today?` },
      { role: 'user', content: `Hi ${AGENT_PERSONA}, ${intro}, I'd like to book a cleaning for next Tuesday.` },
      { role: 'agent', content: `Of course. Could I have a phone number and an email?` },
      { role: 'user', content: `Sure, my cell is ${phone} and the email is ${email}.` },
      { role: 'agent', content: `And a second number, just in case?` },
      { role: 'user', content: `My husband's is ${spoken}.` },
      { role: 'agent', content: `What's your date of birth?` },
      { role: 'user', content: `${dobLead[0].toUpperCase()}${dobLead.slice(1)} ${dob}.` },
      { role: 'agent', content: `And your home address?` },
      { role: 'user', content: `${address}.` },
      {
        role: 'tool_call_invocation',
        tool_call_id: `t${i}`,
        name: 'book_appointment',
        arguments: JSON.stringify({ patient_name: name, phone, email, date: 'next Tuesday', time: '3 pm' }),
      },
      {
        role: 'tool_call_result',
        tool_call_id: `t${i}`,
        content: JSON.stringify({ booked: true, confirmation: `SD-${4000 + i}`, patient: name }),
      },
      {
        role: 'agent',
        content: `You're booked, ${first}, for Tuesday at 3 pm. How would you like to pay the deposit?`,
      },
      {
        role: 'user',
        content: `Card ${card}, and my social security number is ${ssnSaid} if you need it for insurance.`,
      },
      { role: 'agent', content: `Thank you ${first}. See you at ${CLINIC}. Goodbye!` },
    ];
    files.push({
      name: `pii-call-${pad(i + 1, 2)}.json`,
      text: JSON.stringify({
        call_id: `call_pii_${pad(i + 1, 2)}`,
        call_type: 'phone_call',
        direction: 'inbound',
        from_number: `+1${phoneDigits}`,
        call_status: 'ended',
        start_timestamp: 1735899000000 + i * 60000,
        end_timestamp: 1735899030000 + i * 60000,
        retell_llm_dynamic_variables: { customer_name: name },
        transcript_with_tool_calls: transcript,
      }),
    });
    const plant = (kind: PiiKind, value: string, spokenForm = false) =>
      planted.push({ call: i, kind, value, ...(spokenForm ? { spoken: true } : {}) });
    plant('name', name);
    plant('name', last);
    plant('email', email);
    plant('phone', phone);
    plant('phone', `+1${phoneDigits}`);
    plant('phone', spoken, true);
    plant('dob', dob);
    plant('address', address);
    plant('card', card);
    plant('id', ssnSaid);
  }
  return {
    files,
    planted,
    keep: [AGENT_PERSONA, CLINIC, 'cleaning', 'next Tuesday', '3 pm', 'deposit', 'insurance', 'SD-40'],
  };
}
