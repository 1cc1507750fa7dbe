import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/server/modules/realtime/event-bus';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { eventually } from '../support/eventually';
import { fund } from '../support/money';
import { createAdmin, createUser, type TestUser } from '../support/users';

describe(`hand-off to a person and the operators' inbox (${testDialect})`, () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let conversation: string;
  const events: AppEvent[] = [];

  const call = (who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: who ? { cookie: who.cookie } : {} });
  const outbox = (template: string) =>
    t.ctx.db.selectFrom('email_outbox').selectAll().where('template', '=', template).orderBy('created_at').execute();
  const audit = (action: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', conversation)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, { firstName: 'Alice', lastName: 'Martin' });
    bob = await createUser(t, { firstName: 'Bob', lastName: 'Durand' });
    admin = await createAdmin(t);
    await fund(t.ctx, alice.id, 10_000);
    expect((await call(alice, 'POST', '/api/transfers', { recipientUid: bob.uid, amount: '25.00' })).statusCode).toBe(
      201,
    );
    t.app.services.events.subscribe((e) => events.push(e));
  });
  afterAll(async () => t.close());

  it('opens a conversation with its number, the target time, the question first and then the assistant notice', async () => {
    const res = await call(alice, 'POST', '/api/support/conversations', {
      reason: 'contest',
      question: 'je conteste ce virement',
      topic: 'transfer',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    conversation = body.id;
    expect(body).toMatchObject({ reason: 'contest', state: 'waiting', withAdvisor: false, targetResponseHours: 24 });
    expect(body.reference).toMatch(/^SUP-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(body.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['investor', 'je conteste ce virement'],
      ['assistant', 'assistant.opened'],
    ]);
    // In time order too: the person's message is the first (issue 46, item 13).
    const times = body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(times[0]! < times[1]!).toBe(true);
    const [mail] = await outbox('support_opened');
    expect(mail).toMatchObject({ to_address: alice.email, user_id: alice.id });
    expect(JSON.parse(mail!.params)).toMatchObject({ reference: body.reference, hours: 24 });
    await eventually('the investor and the operators are told', () =>
      ['user', 'admins'].every((audience) =>
        events.some(
          (e) =>
            e.type === 'support.changed' && e.audience === audience && (audience === 'admins' || e.userId === alice.id),
        ),
      ),
    );
  });

  it('refuses an empty question, an unknown reason and a visitor', async () => {
    for (const payload of [
      { reason: 'contest', question: '   ' },
      { reason: 'lottery', question: 'x' },
      { reason: 'human', question: 'x'.repeat(2001) },
    ]) {
      const res = await call(alice, 'POST', '/api/support/conversations', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect(
      (await call(null, 'POST', '/api/support/conversations', { reason: 'human', question: 'x' })).statusCode,
    ).toBe(401);
  });

  it('never shows one investor the conversation of another', async () => {
    expect((await call(bob, 'GET', '/api/support/conversations')).json()).toEqual({ conversations: [] });
    for (const res of [
      await call(bob, 'GET', `/api/support/conversations/${conversation}`),
      await call(bob, 'POST', `/api/support/conversations/${conversation}/messages`, { body: 'coucou' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('conversation_not_found');
    }
    expect((await call(alice, 'GET', `/api/support/conversations/${conversation}`)).json().messages).toHaveLength(2);
  });

  it('puts it in the inbox with the context packet: the question, the facts shown, the recent movements', async () => {
    const inbox = (await call(admin, 'GET', '/api/admin/support/conversations?state=waiting')).json();
    expect(inbox.conversations).toEqual([
      expect.objectContaining({
        id: conversation,
        investor: expect.objectContaining({ uid: alice.uid }),
        assignedTo: null,
      }),
    ]);
    const thread = (await call(admin, 'GET', `/api/admin/support/conversations/${conversation}`)).json();
    expect(thread.context).toMatchObject({
      question: 'je conteste ce virement',
      topic: 'transfer',
      facts: [{ key: 'transfer.sent', values: { amount: { amount: '25.00' }, uid: { value: bob.uid } } }],
      movements: [{ kind: 'transfer_out', amount: '25.00', status: 'completed' }],
    });
    expect((await call(alice, 'GET', '/api/admin/support/conversations')).statusCode).toBe(403);
  });

  it('an operator reply reaches the thread, the investor by e-mail and the audit trail, live', async () => {
    events.length = 0;
    const res = await call(admin, 'POST', `/api/admin/support/conversations/${conversation}/messages`, {
      body: 'Bonjour Alice, nous regardons ce virement.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'answered', assignedTo: admin.id, assignedToMe: true });
    const mine = (await call(alice, 'GET', `/api/support/conversations/${conversation}`)).json();
    expect(mine.state).toBe('answered');
    expect(mine.messages.at(-1)).toMatchObject({
      author: 'operator',
      body: 'Bonjour Alice, nous regardons ce virement.',
    });
    expect(JSON.stringify(mine)).not.toContain(admin.id);
    const [mail] = await outbox('support_reply');
    expect(mail).toMatchObject({ to_address: alice.email });
    expect(JSON.parse(mail!.params)).toMatchObject({ body: 'Bonjour Alice, nous regardons ce virement.' });
    const [row] = await audit('support.reply');
    expect(row).toMatchObject({ actor_id: admin.id, target_type: 'support_conversation' });
    expect(JSON.parse(row!.after!)).toMatchObject({
      state: 'answered',
      body: 'Bonjour Alice, nous regardons ce virement.',
    });
    await eventually('the investor is told', () =>
      events.some((e) => e.type === 'support.changed' && e.userId === alice.id && e.audience === 'user'),
    );
  });

  it('the investor answers back and the conversation waits again', async () => {
    const res = await call(alice, 'POST', `/api/support/conversations/${conversation}/messages`, { body: 'Merci !' });
    expect(res.statusCode).toBe(201);
    expect(res.json().state).toBe('waiting');
    // It waits for its advisor again, not for "an advisor": the investor is not told it waits for one.
    expect(res.json().withAdvisor).toBe(true);
    expect((await call(alice, 'GET', '/api/support/conversations')).json().conversations[0]).toMatchObject({
      state: 'waiting',
      withAdvisor: true,
    });
  });

  it('assigning and closing are audited; a closed conversation takes no more messages', async () => {
    expect((await call(admin, 'POST', `/api/admin/support/conversations/${conversation}/assign`)).statusCode).toBe(200);
    expect(await audit('support.assign')).toHaveLength(1);
    const closed = await call(admin, 'POST', `/api/admin/support/conversations/${conversation}/close`);
    expect(closed.json().state).toBe('closed');
    expect(await audit('support.close')).toHaveLength(1);
    for (const res of [
      await call(alice, 'POST', `/api/support/conversations/${conversation}/messages`, { body: 'encore' }),
      await call(admin, 'POST', `/api/admin/support/conversations/${conversation}/messages`, { body: 'encore' }),
      await call(admin, 'POST', `/api/admin/support/conversations/${conversation}/close`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('conversation_closed');
    }
    expect(
      (await call(admin, 'GET', '/api/admin/support/conversations?state=closed')).json().conversations,
    ).toHaveLength(1);
    expect((await call(alice, 'GET', '/api/support/conversations')).json().conversations).toEqual([
      expect.objectContaining({ id: conversation, state: 'closed' }),
    ]);
  });

  it('one open conversation per person: two opens at once give one, opening again gives it back', async () => {
    const carol = await createUser(t, { firstName: 'Carol', lastName: 'Petit' });
    const both = await Promise.all(
      ['qsdkjf', 'mlkjqsd'].map((question) =>
        call(carol, 'POST', '/api/support/conversations', { reason: 'notUnderstood', question }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const ids = new Set(both.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const again = await call(carol, 'POST', '/api/support/conversations', { reason: 'human', question: 'encore moi' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: [...ids][0], resumed: true });
    const rows = await t.ctx.db
      .selectFrom('support_conversation')
      .selectAll()
      .where('user_id', '=', carol.id)
      .execute();
    expect(rows).toHaveLength(1);

    // The database itself refuses a second open conversation of one person; a closed one beside it is fine.
    const copy = { ...rows[0]!, id: `${rows[0]!.id}-copy`, reference: 'SUP-2222-2222', state: 'answered' as const };
    await expect(t.ctx.db.insertInto('support_conversation').values(copy).execute()).rejects.toThrow();
    await t.ctx.db
      .insertInto('support_conversation')
      .values({ ...copy, state: 'closed', closed_at: copy.created_at })
      .execute();
  });

  it('once the conversation is closed, a new one can be opened', async () => {
    const res = await call(alice, 'POST', '/api/support/conversations', {
      reason: 'human',
      question: 'une autre question',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ resumed: false, state: 'waiting' });
    expect(res.json().id).not.toBe(conversation);
  });
});
