import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportFileOutcome } from '../../../src-shared/contract/agents.js';
import { api, ApiClientError } from '../../api/client.js';

/** Files larger than this are refused before upload (the web server takes 10 MB per request). */
export const MAX_IMPORT_BYTES = 9 * 1024 * 1024;

export interface ImportState {
  busy: boolean;
  done: number;
  total: number;
  outcomes: ImportFileOutcome[];
}

/** A spreadsheet (XLSForm .xlsx) is binary: it travels as base64; every other file as its text. */
export async function fileForImport(f: File): Promise<{ name: string; text?: string; base64?: string }> {
  if (!/\.(xlsx|xlsm)$/i.test(f.name)) return { name: f.name, text: await f.text() };
  const bytes = new Uint8Array(await f.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: f.name, base64: btoa(binary) };
}

/** Imports files one request per file (each file is its own transaction), keeping a per-file outcome. */
export function useImportFiles() {
  const qc = useQueryClient();
  const [state, setState] = useState<ImportState>({ busy: false, done: 0, total: 0, outcomes: [] });
  const importFiles = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      setState({ busy: true, done: 0, total: files.length, outcomes: [] });
      const outcomes: ImportFileOutcome[] = [];
      for (const f of files) {
        let outcome: ImportFileOutcome;
        if (f.size > MAX_IMPORT_BYTES) {
          outcome = {
            file: f.name,
            ok: false,
            warnings: [],
            errors: [
              {
                severity: 'error',
                file: f.name,
                path: '',
                message: `the file is ${(f.size / 1048576).toFixed(1)} MB; at most ${MAX_IMPORT_BYTES / 1048576} MB can be imported`,
              },
            ],
          };
        } else {
          try {
            const r = await api.call('agents.import', { files: [await fileForImport(f)] });
            outcome = r[0] ?? {
              file: f.name,
              ok: false,
              warnings: [],
              errors: [{ severity: 'error', file: f.name, path: '', message: 'no answer for this file' }],
            };
          } catch (e) {
            const err = e instanceof ApiClientError ? e.error : undefined;
            const message =
              err?.code === 'not_built'
                ? 'importing is not available in this version (agents.import is not built yet)'
                : (e as Error).message;
            outcome = {
              file: f.name,
              ok: false,
              warnings: [],
              errors: [{ severity: 'error', file: f.name, path: err?.path ?? '', message }],
            };
          }
        }
        outcomes.push(outcome);
        setState({ busy: true, done: outcomes.length, total: files.length, outcomes: [...outcomes] });
      }
      setState({ busy: false, done: files.length, total: files.length, outcomes });
      void qc.invalidateQueries({ queryKey: ['agents.list'] });
      void qc.invalidateQueries({ queryKey: ['suites.list'] });
    },
    [qc],
  );
  const clear = useCallback(() => setState({ busy: false, done: 0, total: 0, outcomes: [] }), []);
  return { state, importFiles, clear };
}
