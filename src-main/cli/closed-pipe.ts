/**
 * `parley runs list | head`: once `head` has what it wants it closes the pipe, and the next write to
 * stdout fails with EPIPE. Without a listener Node throws it as an uncaught error (a stack trace on
 * the user's terminal). A closed stdout means nobody reads any more: stop quietly, as Unix tools do.
 */
let installed = false;

export function exitQuietlyOnClosedPipe(): void {
  if (installed) return;
  installed = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}
