import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { AgentGraph, TestSuite } from '../../src-shared/schemas/index.js';
import { PARLEY_FILE_VERSION } from './parley/index.js';

/**
 * JSON Schemas of Parley's own files, generated from the zod schemas (the zod schemas are the source
 * of truth). `npx tsx src-main/formats/json-schema.ts` rewrites docs/schemas/; a test checks that the
 * committed files are up to date.
 */

export const ParleyAgentFile = z.object({
  format: z.literal('parley'),
  version: z.literal(PARLEY_FILE_VERSION),
  agent: AgentGraph,
});

type Json = Record<string, unknown>;

export function agentFileSchema(): Json {
  const s = z.toJSONSchema(ParleyAgentFile, { io: 'input', unrepresentable: 'any', reused: 'ref' }) as Json;
  return {
    $schema: s.$schema,
    $id: 'https://parley.local/schemas/agent.schema.json',
    title: 'Parley agent file',
    description:
      'An agent graph in Parley\'s own JSON: {"format": "parley", "version": 1, "agent": {...}}. Import also accepts the bare "agent" object. Fields with defaults may be left out.',
    ...withoutSchemaKey(s),
  };
}

export function suiteFileSchema(): Json {
  const s = z.toJSONSchema(TestSuite, { io: 'input', unrepresentable: 'any', reused: 'ref' }) as Json;
  // TestCase.type is preprocessed: the legacy voicetest names are accepted on input.
  const type = (((s.properties as Json).tests as Json).items as Json & { properties: Json }).properties.type as Json;
  type.enum = ['llm', 'rule', 'simulation', 'unit'];
  type.description =
    'llm (judged by a model) or rule (includes/excludes/patterns); the legacy names simulation and unit mean llm and rule.';
  return {
    $schema: s.$schema,
    $id: 'https://parley.local/schemas/suite.schema.json',
    title: 'Parley test suite file',
    description: 'A test suite in Parley\'s own JSON: {"tests": [...]} plus optional suite settings.',
    ...withoutSchemaKey(s),
  };
}

function withoutSchemaKey(s: Json): Json {
  const { $schema: _drop, ...rest } = s;
  return rest;
}

/** The files under docs/schemas/, path relative to the repository root -> content. */
export function schemaFiles(): Record<string, string> {
  return {
    'docs/schemas/agent.schema.json': `${JSON.stringify(agentFileSchema(), null, 2)}\n`,
    'docs/schemas/suite.schema.json': `${JSON.stringify(suiteFileSchema(), null, 2)}\n`,
  };
}

export function repoRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  for (const [rel, text] of Object.entries(schemaFiles())) {
    const file = path.join(repoRoot(), rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    process.stdout.write(`wrote ${rel}\n`);
  }
}
