import type { ReactNode } from 'react';

/** The screen's `h1` (focused after navigation, hence tabIndex -1) with optional controls beside it. */
export function ScreenHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <div className="ed-screen-head">
      <div>
        <h1 tabIndex={-1}>{title}</h1>
        {intro && <p className="ed-intro">{intro}</p>}
      </div>
      {children && <div className="ed-screen-actions">{children}</div>}
    </div>
  );
}
