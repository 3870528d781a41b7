import { useEffect, useState } from 'react';
import { routeFromHash, type EditorRoute } from './routes.js';

let leaveGuard: (() => boolean) | null = null;

/**
 * A screen holding unsaved work sets this while it is shown: before the hash moves to another
 * screen (links, back/forward) the guard is asked, and `false` keeps the screen and puts the
 * address back. Null: no guard.
 */
export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

/** The current screen, following the hash (links, back/forward). */
export function useHashRoute(): EditorRoute {
  const [route, setRoute] = useState(() => routeFromHash(window.location.hash));
  useEffect(() => {
    const onChange = (e: HashChangeEvent) => {
      if (leaveGuard && !leaveGuard()) {
        history.replaceState(null, '', e.oldURL);
        return;
      }
      setRoute(routeFromHash(window.location.hash));
    };
    window.addEventListener('hashchange', onChange);
    // The hash may have moved between the first render and this listener (a link followed while
    // the app started): catch up.
    setRoute((current) => {
      const now = routeFromHash(window.location.hash);
      return JSON.stringify(now) === JSON.stringify(current) ? current : now;
    });
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
