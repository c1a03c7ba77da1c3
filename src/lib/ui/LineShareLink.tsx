import type { ReactNode } from 'react';

/** A button-like link that opens LINE's share screen with `text` (an address to share), in a new tab or the app. */
export function LineShareLink({ text, children }: { text: string; children: ReactNode }) {
  return (
    <a
      className="button line-share"
      href={`https://line.me/R/share?text=${encodeURIComponent(text)}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}
