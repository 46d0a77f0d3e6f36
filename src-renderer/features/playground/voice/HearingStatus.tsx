import { useEffect, useState } from 'react';
import { hearingText } from './hearing-text.js';

/** Whether this page has had a recording recognised yet (the first loads the recogniser, so it takes longer). */
let heardOnce = false;
export const markHeard = () => {
  heardOnce = true;
};

/** What Talk is doing while its recording is recognised, with the seconds it has taken so far. */
export function HearingStatus({ stt }: { stt: string }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  const [first] = useState(() => !heardOnce);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return (
    <div className="small muted" role="status" data-testid="try-hearing">
      {hearingText(stt, Math.floor((now - started) / 1000), first)}
    </div>
  );
}
