import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.js';
import './connection.css';

/**
 * Web mode: when the server goes away (stopped, restarting, network gone) a banner says the page is
 * reconnecting; when the event stream is back every query is fetched again, so a live run page picks
 * the run back up (its snapshot and results) and the events missed in between are not needed.
 */
export function ConnectionBanner() {
  const qc = useQueryClient();
  const [state, setState] = useState<'ok' | 'lost' | 'back'>('ok');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = api.onConnection((s) => {
      if (timer) clearTimeout(timer);
      if (s === 'lost') return setState('lost');
      setState('back');
      void qc.invalidateQueries();
      timer = setTimeout(() => setState('ok'), 4000);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [qc]);
  if (state === 'ok') return null;
  return (
    <div className={`connection-banner ${state}`} role="status" aria-live="polite" data-testid="connection-banner">
      {state === 'lost'
        ? 'Lost the connection to the Parley server. Reconnecting… (a run in progress keeps going on the server if it is still up)'
        : 'Reconnected. The page is up to date again.'}
    </div>
  );
}
