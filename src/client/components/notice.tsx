// In-page notices instead of the spec's browser alerts (design/architecture.md decision 7): role=status for good news,
// role=alert for problems, so screen readers announce both and nothing blocks the page.
import type { ReactNode } from 'react';

export type NoticeTone = 'success' | 'error' | 'info';

export function Notice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`notice notice--${tone}`}>
      {children}
    </div>
  );
}
