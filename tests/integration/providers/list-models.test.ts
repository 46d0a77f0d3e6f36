/** `parley models`: one listing across a GGUF folder, an Ollama server and an OpenAI-compatible server. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listModels } from '../../../src-main/app/models/list-models.js';
import { formatModelsTable } from '../../../src-main/cli/text/format-models.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { startOllamaServer, type OllamaTestServer } from '../../servers/ollama-server.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { startServer } from '../../servers/http-util.js';

let dir: string;
let ollama: OllamaTestServer;
let openai: OpenAiTestServer;
let deadUrl: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  fs.copyFileSync(await ensureTinyGguf(), path.join(dir, 'tiny.gguf'));
  ollama = await startOllamaServer({ models: ['tiny:latest'] });
  openai = await startOpenAiServer({ models: ['tiny-cloud'] });
  const dead = await startServer(async () => {});
  await dead.stop();
  deadUrl = dead.url;
});

afterAll(async () => {
  await ollama?.stop();
  await openai?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('listModels', () => {
  it('lists every provider and formats a table', async () => {
    const listed = await listModels({
      dir,
      ollama: [ollama.url, deadUrl],
      openai: [{ base_url: openai.baseUrl }],
    });
    const { models } = listed;
    const errors = listed.errors.map((e) => `${e.provider}: ${e.message}`);
    expect(models.map((m) => `${m.provider}:${m.name}`)).toEqual([
      'llama-cpp:tiny.gguf',
      'ollama:tiny:latest',
      'openai:tiny-cloud',
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`ollama: Ollama at ${deadUrl}: connection refused`);
    const table = formatModelsTable(models);
    const lines = table.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^llama-cpp\s+tiny\.gguf\s+540 KB\s+F32\s+llama\s+2048\s+\//);
    expect(lines[2]).toContain(ollama.url);
    expect(lines[3]).toContain(openai.baseUrl);
  });

  it('reports a server that is down as an error entry, never hiding the others', async () => {
    const { models, errors } = await listModels({ ollama: [deadUrl] });
    expect(models).toEqual([]);
    expect(errors).toEqual([{ provider: 'ollama', message: expect.stringContaining('connection refused') }]);
  });
});
