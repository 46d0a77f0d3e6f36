// Starts N OpenAI-protocol test servers in instant mode (no inference) and prints their base URLs
// as one JSON line; they run until this process is killed. Used by bench/endpoints-1000.ts so the
// servers' CPU is not counted as Parley's.
// Usage: npx tsx bench/support/instant-servers.ts [N]
import { startOpenAiServer } from '../../tests/servers/openai-server.js';

const n = Number(process.argv[2] ?? 4);
const servers = await Promise.all(Array.from({ length: n }, () => startOpenAiServer({ instant: true })));
process.stdout.write(`${JSON.stringify(servers.map((s) => s.baseUrl))}\n`);
setInterval(() => {
  const counts = servers.map((s) => s.requests.filter((r) => r.path === '/v1/chat/completions').length);
  process.stderr.write(`${JSON.stringify({ chat_requests: counts })}\n`);
}, 2000).unref();
process.on('SIGTERM', () => process.exit(0));
await new Promise(() => undefined);
