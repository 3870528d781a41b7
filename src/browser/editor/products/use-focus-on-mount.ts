import { useEffect, useRef } from 'react';

/** A ref whose element takes focus when it appears (an inline confirmation, a step's first control). */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
