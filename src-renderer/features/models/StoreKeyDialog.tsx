import { useState } from 'react';
import { useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { Dialog } from '../../ui/Dialog.js';

export function StoreKeyDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const [key, setKey] = useState('');
  const store = useApiMutation('models.setKey', ['models.settings', 'models.list']);
  return (
    <Dialog
      title={`Store the API key for "${name}"`}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={!key.trim() || store.isPending}
            onClick={() => void store.mutateAsync({ name, key: key.trim() }).then(onClose, () => undefined)}
          >
            Store in keychain
          </button>
        </>
      }
    >
      <p className="muted small">
        The key is encrypted by the operating system's keychain and stored next to Parley's data, never in the database,
        exports or logs.
      </p>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          aria-label="API key"
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      <ErrorBox error={store.error} />
    </Dialog>
  );
}
