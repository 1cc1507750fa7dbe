import en from '../web/locales/en/liabilities.json';
import es from '../web/locales/es/liabilities.json';
import fr from '../web/locales/fr/liabilities.json';
import { nobleHashes } from '../core/liabilities/noble';
import { verifyProof, type VerificationCheck } from '../core/liabilities/verify';

/**
 * The single-file offline verifier (scripts/liabilities-verifier.mjs writes it): the same
 * verification module, with @noble/hashes, in a page whose policy allows no network at all.
 */
type Texts = typeof fr;
const catalogue: Record<string, Texts> = { fr, en, es };
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let texts: Texts = catalogue[navigator.language.slice(0, 2)] ?? fr;

function say(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''));
}

const money = (cents: unknown) =>
  typeof cents === 'number'
    ? `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : '';

function checkText(check: VerificationCheck): string {
  const d = check.detail ?? {};
  const params = { ...d, total: money(d.total), counted: money(d.counted), expected: money(d.expected) };
  return check.ok ? say(texts.step[check.step], params) : say(texts.failure[check.failure!], params);
}

function label() {
  document.documentElement.lang = texts === en ? 'en' : texts === es ? 'es' : 'fr';
  document.title = texts.offline.title;
  for (const el of document.querySelectorAll<HTMLElement>('[data-text]'))
    el.textContent = (texts.offline as Record<string, string>)[el.dataset.text!] ?? '';
}

async function readJson(input: HTMLInputElement): Promise<unknown> {
  const file = input.files?.[0];
  if (!file) throw new Error('missing');
  return JSON.parse(await file.text());
}

async function signatureHolds(publicKey: string, statement: string, signature: string): Promise<boolean | null> {
  const b64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  try {
    const key = await crypto.subtle.importKey('raw', b64(publicKey), { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify('Ed25519', key, b64(signature), new TextEncoder().encode(statement));
  } catch {
    return null;
  }
}

function show(lines: Array<{ ok: boolean | null; text: string }>, verdict: boolean) {
  const list = byId<HTMLOListElement>('checks');
  list.replaceChildren(
    ...lines.map((l) => {
      const li = document.createElement('li');
      li.className = l.ok === false ? 'fail' : l.ok ? 'ok' : 'warn';
      li.textContent = `${l.ok === false ? '✗' : l.ok ? '✓' : '!'} ${l.text}`;
      return li;
    }),
  );
  const out = byId('verdict');
  out.className = verdict ? 'ok' : 'fail';
  out.textContent = verdict ? texts.offline.verified : texts.offline.notVerified;
}

/** The published test vectors given as the proof file: every one run, the count of those that pass. */
function runVectors(file: { vectors: Array<Record<string, any>> }) {
  const lines = file.vectors
    .filter((v) => v.kind === 'verify')
    .map((v) => {
      const r = verifyProof(nobleHashes, {
        published: v.published,
        proof: v.proof,
        accountNonce: v.accountNonce,
        ...(v.expectedBalance === undefined ? {} : { expectedBalance: v.expectedBalance }),
      });
      const good = v.expect.ok ? r.ok && r.balance === v.expect.balance : !r.ok && r.failure === v.expect.failure;
      return { ok: good, text: String(v.name) };
    });
  const passed = lines.filter((l) => l.ok).length;
  show([...lines, { ok: passed === lines.length, text: `${passed}/${lines.length}` }], passed === lines.length);
}

async function check() {
  let rounds: { publicKey: string; rounds: Array<Record<string, unknown>> };
  let proof: { round?: unknown; format?: unknown };
  try {
    proof = (await readJson(byId('proof'))) as typeof proof;
    if (proof.format === 'atlas-proof-of-liabilities-vectors/1') return runVectors(proof as never);
    rounds = (await readJson(byId('rounds'))) as typeof rounds;
  } catch {
    return show([{ ok: false, text: texts.offline.unreadable }], false);
  }
  const round = rounds.rounds?.find((r) => r.round === proof.round);
  if (!round) return show([{ ok: false, text: texts.offline.roundMissing }], false);
  const lines: Array<{ ok: boolean | null; text: string }> = [];
  const signed = await signatureHolds(rounds.publicKey, String(round.statement), String(round.signature));
  let statementMatches = false;
  try {
    const s = JSON.parse(String(round.statement)) as Record<string, unknown>;
    statementMatches = ['round', 'asset', 'height', 'root', 'total'].every((k) => s[k] === round[k]);
  } catch {
    statementMatches = false;
  }
  if (signed === null) lines.push({ ok: null, text: texts.offline.noSignatureCheck });
  else if (!signed || !statementMatches) {
    lines.push({ ok: false, text: say(texts.offline.notSigned, { round: round.round }) });
    return show(lines, false);
  } else lines.push({ ok: true, text: say(texts.offline.signed, { round: round.round, key: rounds.publicKey }) });

  const typed = byId<HTMLInputElement>('expected').value.trim().replace(',', '.');
  const expectedBalance = /^\d+(\.\d{1,2})?$/.test(typed) ? Math.round(Number(typed) * 100) : undefined;
  const result = verifyProof(nobleHashes, {
    published: {
      round: round.round as number,
      asset: round.asset as string,
      height: round.height as number,
      root: round.root as string,
      total: round.total as number,
    },
    proof,
    accountNonce: byId<HTMLInputElement>('nonce').value,
    ...(expectedBalance === undefined ? {} : { expectedBalance }),
  });
  for (const c of result.checks) lines.push({ ok: c.ok, text: checkText(c) });
  show(lines, result.ok);
}

byId<HTMLSelectElement>('language').value = document.documentElement.lang;
byId<HTMLSelectElement>('language').addEventListener('change', (e) => {
  texts = catalogue[(e.target as HTMLSelectElement).value] ?? fr;
  label();
});
byId<HTMLFormElement>('form').addEventListener('submit', (e) => {
  e.preventDefault();
  void check();
});
label();
byId<HTMLSelectElement>('language').value = document.documentElement.lang;
