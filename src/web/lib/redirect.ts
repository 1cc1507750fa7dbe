import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** After a success, go to `to` once `delayMs` have passed (spec: 2 s), unless the page is left first. */
export function useDelayedRedirect() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (to: string, delayMs = 2000) => {
    timer.current = setTimeout(() => navigate(to), delayMs);
  };
}
