import { useLayoutEffect } from 'react';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { useHashPathLocation } from './hash-location.js';
import { NAV, ROUTES } from './routes.js';
import { ThemeToggle } from '../ui/ThemeToggle.js';
import { BackupButton } from '../ui/BackupButton.js';
import { useApi } from '../api/hooks.js';
import { ConnectionBanner } from './ConnectionBanner.js';
import { useStoreChanges } from './use-store-changes.js';

function Nav() {
  const [location] = useLocation();
  const info = useApi('app.info');
  return (
    <nav className="nav" aria-label="Main">
      <Link href="/" className="brand">
        Parley
      </Link>
      <ul>
        {NAV.map((n) => (
          <li key={n.path}>
            <Link href={n.path} className={location === n.path || location.startsWith(n.path + '/') ? 'active' : ''}>
              {n.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="nav-foot">
        <ThemeToggle />
        <BackupButton />
        {info.data && (
          <div className="muted small" title={info.data.db_path}>
            v{info.data.version} · {info.data.mode}
          </div>
        )}
        {info.error && <div className="error small">{String(info.error.message)}</div>}
      </div>
    </nav>
  );
}

/**
 * A new page opens at its top: the content pane is the one scroller, and it would otherwise keep the
 * previous page's position (a run opened from a long runs list landed thousands of pixels down). Only
 * the path counts: a change of the query (filters, the selected result) keeps the position.
 */
function ScrollToTopOnNewPage() {
  const [path] = useLocation();
  useLayoutEffect(() => {
    const pane = document.getElementById('main-content');
    if (pane) pane.scrollTop = 0;
  }, [path]);
  return null;
}

export function App() {
  useStoreChanges();
  return (
    <Router hook={useHashPathLocation}>
      <div className="layout">
        <a
          className="skip-link"
          href="#main-content"
          onClick={(e) => {
            // Hash routing: move focus instead of following the fragment.
            e.preventDefault();
            document.getElementById('main-content')?.focus();
          }}
        >
          Skip to content
        </a>
        <Nav />
        <main className="content" id="main-content" tabIndex={-1}>
          <ScrollToTopOnNewPage />
          <ConnectionBanner />
          <Switch>
            {ROUTES.map((r) => (
              <Route key={r.path} path={r.path}>
                {(params) => <r.component params={params as Record<string, string>} />}
              </Route>
            ))}
            <Route>
              <div className="empty">
                Page not found. <Link href="/">Home</Link>
              </div>
            </Route>
          </Switch>
        </main>
      </div>
    </Router>
  );
}
