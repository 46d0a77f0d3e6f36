// What a client can gain from concurrency on the bench's llama-server at all (issue 15, "4-way speedup"):
// the server's own generation throughput with 1 and with 4 requests in flight, each request a ~600-token
// prompt and up to 128 generated tokens (plain: ignore_eos), plain and JSON-Schema constrained. No Parley involved.
// If the server generates no faster with 4 requests than with 1, no client's 4-way run can be faster.
// Usage: [PARLEY_BENCH_WIDTH=512 PARLEY_BENCH_LAYERS=4] npx tsx bench/peers/server-throughput.ts [--rounds 3]
import { benchModelShape, startLlamaServer } from './support/llama-server-process.js';

const argOf = (name: string, d: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : d;
const ROUNDS = Number(argOf('--rounds', '3'));

const server = await startLlamaServer({ parallel: 4, threads: 1 });
const schema = {
  type: 'object',
  properties: { message: { type: 'string', maxLength: 400 }, done: { type: 'boolean' } },
  required: ['message', 'done'],
};

interface Timings {
  predicted_n: number;
  predicted_ms: number;
}

async function one(i: number, json: boolean): Promise<Timings> {
  const r = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'tiny',
      max_tokens: 128,
      // plain answers run to max_tokens; a JSON answer ends where its schema does (a 400-character string)
      ...(json ? {} : { ignore_eos: true }),
      temperature: 0.8,
      messages: [
        { role: 'system', content: 'You are the billing desk of Acme. Be brief and polite.' },
        { role: 'user', content: `Caller ${i}: I was charged twice for March and want a refund. `.repeat(12) },
      ],
      ...(json ? { response_format: { type: 'json_schema', json_schema: { name: 'turn', schema } } } : {}),
    }),
  });
  const j = (await r.json()) as { timings?: Timings };
  if (!j.timings)
    throw new Error(`llama-server answered ${r.status} without timings: ${JSON.stringify(j).slice(0, 300)}`);
  return j.timings;
}

const rows: string[] = [];
for (const json of [false, true]) {
  const rate: Record<number, number[]> = { 1: [], 4: [] };
  for (let round = 0; round < ROUNDS; round++)
    for (const c of [1, 4]) {
      const t0 = performance.now();
      // distinct prompts per request and round: nothing is served from the prompt cache
      const ts = await Promise.all(Array.from({ length: c }, (_, k) => one(round * 100 + c * 10 + k, json)));
      const wall = performance.now() - t0;
      rate[c].push((ts.reduce((a, t) => a + t.predicted_n, 0) / wall) * 1000);
    }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [r1, r4] = [mean(rate[1]), mean(rate[4])];
  rows.push(
    `| ${json ? 'JSON Schema' : 'plain text'} | ${r1.toFixed(0)} | ${r4.toFixed(0)} | ${(r4 / r1).toFixed(2)}x |`,
  );
}
await server.stop();
process.stdout.write(
  `\n### llama-server --parallel 4 -t 1: generation throughput (${benchModelShape()}; ${ROUNDS} rounds)\n\n` +
    '| answers | tokens/s, 1 request | tokens/s, 4 requests at once | best 4-way speedup any client can get |\n|---|---|---|---|\n' +
    rows.join('\n') +
    '\n',
);
