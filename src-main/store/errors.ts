/** A store failure the user can act on; always names the DB file. */
export class StoreError extends Error {
  constructor(
    message: string,
    readonly code: 'not_sqlite' | 'newer_than_app' | 'migration_edited' | 'not_found' | 'conflict' | 'io',
    readonly file?: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
