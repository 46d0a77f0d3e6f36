import { useEffect, useState } from 'react';

type Theme = 'light' | 'dark';
const KEY = 'parley.theme';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(
    () =>
      (localStorage.getItem(KEY) as Theme | null) ??
      (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
  );
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem(KEY, theme);
  }, [theme]);
  return (
    <button
      type="button"
      className="ghost small"
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      aria-label="Toggle dark mode"
    >
      {theme === 'dark' ? 'Light theme' : 'Dark theme'}
    </button>
  );
}
