import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * While someone is signed in, listens to /api/events and refetches what is on screen when
 * something changes (and after a reconnect, in case events were missed). EventSource
 * reconnects by itself.
 */
export function useLiveUpdates(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Several events in a burst cause one refetch.
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries();
      }, 150);
    };
    let opened = false;
    source.onmessage = refresh;
    source.onopen = () => {
      if (opened) refresh();
      opened = true;
    };
    for (const type of [
      'deposit.changed',
      'withdrawal.changed',
      'balance.changed',
      'investment.changed',
      'support.changed',
      'identity.changed',
      'alert.changed',
    ])
      source.addEventListener(type, refresh);
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [enabled, client]);
}
