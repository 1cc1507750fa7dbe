import en from '../web/locales/en/liabilities.json';
import es from '../web/locales/es/liabilities.json';
import fr from '../web/locales/fr/liabilities.json';
import { nobleHashes } from '../core/liabilities/noble';
import { checkPinnedRound, type RoundFailure } from '../core/liabilities/pinned-round';
import { verifyProof, type VerificationCheck } from '../core/liabilities/verify';
import { expectedAmount } from './expected';
import { webCryptoEd25519 } from './webcrypto-ed25519';

/**
 * The single-file offline verifier (scripts/liabilities-verifier.mjs writes it): the same
 * verification module, with @noble/hashes, in a page whose policy allows no network at all. The
 * platform's key is typed by the investor and compared (decision 045): the file is the same for
 * every deployment, so its SHA-256 is the one anyone rebuilds from the source.
 */
type Texts = typeof fr;
const catalogue: Record<string, Texts> = { fr, en, es };
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let texts: Texts = catalogue[navigator.language.slice(0, 2)] ?? fr;
const language = () => (texts === en ? 'en' : texts === es ? 'es' : 'fr');

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
  document.documentElement.lang = language();
  document.title = texts.offline.title;
  for (const el of document.querySelectorAll<HTMLElement>('[data-text]'))
    el.textContent = (texts.offline as Record<string, string>)[el.dataset.text!] ?? '';
}

async function readJson(input: HTMLInputElement): Promise<unknown> {
  const file = input.files?.[0];
  if (!file) throw new Error('missing');
  return JSON.parse(await file.text());
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
async function runVectors(file: { vectors: Array<Record<string, any>> }) {
  const lines: Array<{ ok: boolean; text: string }> = [];
  for (const v of file.vectors) {
    if (v.kind === 'round') {
      const r = await checkPinnedRound(nobleHashes, webCryptoEd25519, v.rounds, v.round, v.pinned);
      lines.push({ ok: v.expect.ok ? r.ok : !r.ok && r.failure === v.expect.failure, text: String(v.name) });
    } else if (v.kind === 'verify') {
      const r = verifyProof(nobleHashes, {
        published: v.published,
        proof: v.proof,
        accountNonce: v.accountNonce,
        ...(v.expectedBalance === undefined ? {} : { expectedBalance: v.expectedBalance }),
      });
      const good = v.expect.ok ? r.ok && r.balance === v.expect.balance : !r.ok && r.failure === v.expect.failure;
      lines.push({ ok: good, text: String(v.name) });
    }
  }
  const passed = lines.filter((l) => l.ok).length;
  show([...lines, { ok: passed === lines.length, text: `${passed}/${lines.length}` }], passed === lines.length);
}

async function check() {
  let rounds: unknown;
  let proof: { round?: unknown; format?: unknown };
  try {
    proof = (await readJson(byId('proof'))) as typeof proof;
    // The API's whole answer saved as is: {kind: 'proof', proof}.
    const answer = proof as { kind?: unknown; proof?: typeof proof };
    if (answer.kind === 'proof' && answer.proof) proof = answer.proof;
    if (proof.format === 'atlas-proof-of-liabilities-vectors/1') return await runVectors(proof as never);
    rounds = await readJson(byId('rounds'));
  } catch {
    return show([{ ok: false, text: texts.offline.unreadable }], false);
  }
  // In the language the page speaks: "1 484,60" in French, "1,484.60" in English.
  const typed = byId<HTMLInputElement>('expected').value;
  const expected = expectedAmount(typed, language());
  if (expected.kind === 'unreadable') {
    const text = expected.reason === 'ambiguous' ? texts.offline.expectedAmbiguous : texts.offline.expectedUnreadable;
    return show([{ ok: false, text: say(text, { typed: typed.trim() }) }], false);
  }
  const expectedBalance = expected.kind === 'cents' ? expected.cents : undefined;
  const lines: Array<{ ok: boolean | null; text: string }> = [];
  const pin = await checkPinnedRound(
    nobleHashes,
    webCryptoEd25519,
    rounds,
    proof.round,
    byId<HTMLInputElement>('key').value,
  );
  if (!pin.ok)
    return show([{ ok: false, text: say(texts.roundFailure[pin.failure as RoundFailure], pin.detail) }], false);
  lines.push({
    ok: true,
    text: say(texts.offline.signed, { round: pin.round.round, key: pin.publicKey, fingerprint: pin.fingerprint }),
  });
  if (pin.price)
    lines.push({
      ok: true,
      text: say(texts.offline.price, {
        price: money(pin.price.cents),
        at: pin.price.at.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC'),
      }),
    });

  const result = verifyProof(nobleHashes, {
    published: pin.round,
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
