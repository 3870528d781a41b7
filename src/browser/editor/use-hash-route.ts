import { useEffect, useState } from 'react';
import { routeFromHash, type EditorRoute } from './routes.js';

/** The current screen, following the hash (links, back/forward). */
export function useHashRoute(): EditorRoute {
  const [route, setRoute] = useState(() => routeFromHash(window.location.hash));
  useEffect(() => {
    const onChange = () => setRoute(routeFromHash(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
