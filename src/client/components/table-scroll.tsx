// A wide table's frame that scrolls sideways on a small screen: a named region a keyboard can reach and scroll, even
// when the table holds no button or link of its own (axe's 'scrollable-region-focusable'). Every table's frame is
// this one.
import type { ReactNode } from 'react';

export function TableScroll({
  label,
  className,
  children,
}: {
  label: string;
  /** Added to 'table-wrap' (e.g. 'table-wrap--cards'). */
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keys.
    <section className={className ? `table-wrap ${className}` : 'table-wrap'} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
