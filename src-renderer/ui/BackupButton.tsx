import { useApiMutation } from '../api/hooks.js';

/** "Back up data": an online copy of the database into a backups folder next to it; says where it went. */
export function BackupButton() {
  const backup = useApiMutation('app.backup');
  return (
    <div className="backup">
      <button
        className="ghost small"
        onClick={() => backup.mutate({})}
        disabled={backup.isPending}
        title="Copy the database (agents, suites, runs) into a backups folder next to it"
      >
        {backup.isPending ? 'Backing up…' : 'Back up data'}
      </button>
      {backup.data && (
        <div className="muted small" role="status" data-testid="backup-done">
          Saved {Math.round(backup.data.bytes / 1024)} KB to {backup.data.path}
        </div>
      )}
      {backup.error && (
        <div className="error small" role="alert">
          Backup failed: {backup.error.message}
        </div>
      )}
    </div>
  );
}
