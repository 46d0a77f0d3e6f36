import type { NodeType } from '../../../../src-shared/schemas/index.js';

/** Small stroke icons, one per node type (inline SVG: no fonts or remote assets). */
const PATHS: Record<NodeType, string> = {
  conversation: 'M3 4h10a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H7l-3 2.5V12H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
  logic: 'M8 1.5 14.5 8 8 14.5 1.5 8z M8 5v3 M8 10.5v.5',
  extract:
    'M5 2.5C3.5 2.5 3.5 4 3.5 5.5S2 8 2 8s1.5.5 1.5 2.5S3.5 13.5 5 13.5 M11 2.5c1.5 0 1.5 1.5 1.5 3S14 8 14 8s-1.5.5-1.5 2.5-0 3-1.5 3 M6.5 8h3',
  function: 'M10.5 2.5c-2 0-2.5 1-2.8 3L6.3 12c-.3 1.5-1 1.8-2.3 1.8 M5 6.5h5.5',
  transfer: 'M2 8h9 M8 4.5 11.5 8 8 11.5 M14 3v10',
  end: 'M3.5 3.5h9v9h-9z',
  press_digit: 'M3 3h2v2H3z M7 3h2v2H7z M11 3h2v2h-2z M3 7h2v2H3z M7 7h2v2H7z M11 7h2v2h-2z M7 11h2v2H7z',
};

export function NodeIcon({ type, size = 14 }: { type: NodeType; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
