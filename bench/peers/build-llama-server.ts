/**
 * Bench-only: builds llama.cpp's `llama-server` from the source node-llama-cpp's npm package ships
 * (node_modules/node-llama-cpp/llama/gitRelease.bundle, a git bundle of the llama.cpp release it binds),
 * once, into a cache folder OUTSIDE the repository. Never part of `npm test` or CI.
 *
 *   npx tsx bench/peers/build-llama-server.ts        # prints the binary's path
 *
 * Cache: $PARLEY_BENCH_CACHE or ~/.cache/parley-bench. The build runs at `nice -n 19` with `-j2` so it
 * shares a small machine politely; a second call finds the cached binary and returns at once.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function benchCacheDir(): string {
  return process.env.PARLEY_BENCH_CACHE ?? join(homedir(), '.cache', 'parley-bench');
}

function run(cmd: string, args: string[], cwd?: string): void {
  process.stderr.write(`$ ${cmd} ${args.join(' ')}\n`);
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** Returns the path of a built llama-server, building it first if the cache has none. */
export function ensureLlamaServer(): string {
  const pkgLlama = resolve('node_modules/node-llama-cpp/llama');
  const info = JSON.parse(readFileSync(join(pkgLlama, 'llama.cpp.info.json'), 'utf8')) as { tag: string };
  const root = join(benchCacheDir(), `llama.cpp-${info.tag}`);
  const bin = join(root, 'build', 'bin', 'llama-server');
  if (existsSync(bin)) return bin;
  mkdirSync(benchCacheDir(), { recursive: true });
  if (!existsSync(join(root, 'CMakeLists.txt')))
    run('git', ['clone', '--quiet', join(pkgLlama, 'gitRelease.bundle'), root]);
  run('nice', [
    '-n',
    '19',
    'cmake',
    '-S',
    root,
    '-B',
    join(root, 'build'),
    '-G',
    'Ninja',
    '-DCMAKE_BUILD_TYPE=Release',
    '-DLLAMA_CURL=OFF',
    '-DGGML_NATIVE=ON',
    '-DLLAMA_BUILD_TESTS=OFF',
    '-DLLAMA_BUILD_EXAMPLES=OFF',
    '-DLLAMA_BUILD_SERVER=ON',
  ]);
  run('nice', ['-n', '19', 'cmake', '--build', join(root, 'build'), '--target', 'llama-server', '-j2']);
  if (!existsSync(bin)) throw new Error(`llama-server build finished but ${bin} is missing`);
  return bin;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${ensureLlamaServer()}\n`);
