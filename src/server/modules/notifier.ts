import type { EventBus } from './realtime/event-bus';

/**
 * Tells open screens that something changed, after the change committed; they refetch (the
 * database stays the truth, a missed event only delays a refresh).
 */
export interface Notifier {
  /** The user's balance or investments changed. */
  userChanged(userId: string, what: 'balance' | 'investment'): void;
  /** A deposit, withdrawal or identity verification was created or decided: the user and the operators are told. */
  requestChanged(userId: string, kind: 'deposit' | 'withdrawal' | 'identity'): void;
  /** A support conversation of this user was opened, answered, assigned or closed: the user and the operators are told. */
  supportChanged(userId: string): void;
}

export const silentNotifier: Notifier = { userChanged: () => {}, requestChanged: () => {}, supportChanged: () => {} };

export function busNotifier(bus: EventBus, log: { warn(obj: unknown, msg: string): void }): Notifier {
  const send = (event: Parameters<EventBus['publish']>[0]) => {
    bus.publish(event).catch((err) => log.warn({ err, type: event.type }, 'event not published'));
  };
  return {
    userChanged: (userId, what) => send({ type: `${what}.changed`, userId, audience: 'user' }),
    requestChanged: (userId, kind) => {
      send({ type: `${kind}.changed`, userId, audience: 'user' });
      send({ type: `${kind}.changed`, audience: 'admins' });
    },
    supportChanged: (userId) => {
      send({ type: 'support.changed', userId, audience: 'user' });
      send({ type: 'support.changed', audience: 'admins' });
    },
  };
}
