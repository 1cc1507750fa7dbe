#!/usr/bin/env node
// Atlas Invest: proof-of-liabilities verifier. Zero dependencies: node:crypto only.

// src/verifier/cli.ts
import { readFileSync } from "node:fs";

// src/core/liabilities/tree.ts
var MAX_VALUE = Number.MAX_SAFE_INTEGER;
var MAX_HEIGHT = 32;
var DIGEST_BYTES = 32;
var PROOF_FORMAT = "atlas-proof-of-liabilities/1";
var encoder = new TextEncoder();
function tag(text) {
  const bytes = encoder.encode(text);
  return concat(Uint8Array.of(bytes.length), bytes);
}
var ROUND_NONCE_TAG = tag("atlas-pol/v1/round-nonce");
var LEAF_TAG = tag("atlas-pol/v1/leaf");
var NODE_TAG = tag("atlas-pol/v1/node");
function concat(...parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
function isValue(v) {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}
function notValue(n) {
  return new RangeError(`not a non-negative safe integer: ${n}`);
}
function writeU64(view, at, n) {
  view.setUint32(at, Math.floor(n / 2 ** 32));
  view.setUint32(at + 4, n >>> 0);
}
function u64(n) {
  if (!isValue(n)) throw notValue(n);
  const out = new Uint8Array(8);
  writeU64(new DataView(out.buffer), 0, n);
  return out;
}
function toHex(bytes) {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}
function fromHex(text, bytes) {
  if (typeof text !== "string" || text.length !== bytes * 2 || !/^[0-9a-f]*$/.test(text)) return null;
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}
function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
function roundNonce(h, accountNonce, round) {
  return roundNonces(h, round)(accountNonce);
}
function roundNonces(h, round) {
  const input = concat(ROUND_NONCE_TAG, u64(round));
  return (accountNonce) => h.hmacSha256(accountNonce, input);
}
function leafDigest(h, nonce, value, index, asset) {
  return leafDigests(h, asset)(nonce, value, index);
}
function leafDigests(h, asset) {
  const input = concat(LEAF_TAG, new Uint8Array(8 + 4), tag(asset));
  const view = new DataView(input.buffer);
  return (nonce, value, index) => {
    if (!isValue(value)) throw notValue(value);
    writeU64(view, LEAF_TAG.length, value);
    view.setUint32(LEAF_TAG.length + 8, index);
    return h.hmacSha256(nonce, input);
  };
}
function parentOf(h, left, right) {
  const value = left.value + right.value;
  if (!isValue(left.value) || !isValue(right.value) || value > MAX_VALUE) throw new RangeError("sum overflow");
  return { digest: parentDigests(h)(left.digest, 0, left.value, right.digest, 0, right.value), value };
}
function parentDigests(h) {
  const input = new Uint8Array(NODE_TAG.length + 2 * (DIGEST_BYTES + 8));
  input.set(NODE_TAG);
  const view = new DataView(input.buffer);
  const l = NODE_TAG.length;
  const r = l + DIGEST_BYTES + 8;
  return (left, leftAt, leftValue, right, rightAt, rightValue) => {
    for (let i = 0; i < DIGEST_BYTES; i++) {
      input[l + i] = left[leftAt + i];
      input[r + i] = right[rightAt + i];
    }
    writeU64(view, l + DIGEST_BYTES, leftValue);
    writeU64(view, r + DIGEST_BYTES, rightValue);
    return h.sha256(input);
  };
}

// src/core/liabilities/pinned-round.ts
var KEY_BYTES = 32;
var encoder2 = new TextEncoder();
var isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function fromBase64(text) {
  const s = text.trim().replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(s) || s.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(s + "=".repeat((4 - s.length % 4) % 4)), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function keyFingerprint(h, publicKey) {
  return toHex(h.sha256(publicKey));
}
function readPin(text) {
  const t = text.trim();
  if (t === "") return "empty";
  const hex = t.replace(/[\s:]/g, "").toLowerCase();
  if (/^[0-9a-f]{64}$/.test(hex)) return { fingerprint: hex };
  const key = fromBase64(t);
  return key && key.length === KEY_BYTES ? { key } : null;
}
var SIGNED_FIELDS = ["round", "asset", "height", "root", "total"];
var PRICE_FIELDS = ["btcPrice", "btcPriceAt"];
async function checkPinnedRound(h, verifySignature, roundsFile, roundNo, pinned) {
  const fail = (failure, detail = {}) => ({
    ok: false,
    failure,
    detail
  });
  const pin = readPin(pinned);
  if (pin === "empty") return fail("no_pinned_key");
  if (pin === null) return fail("bad_pinned_key");
  if (!isRecord(roundsFile) || !Array.isArray(roundsFile.rounds)) return fail("malformed_rounds");
  const round = roundsFile.rounds.find((r) => isRecord(r) && r.round === roundNo);
  if (!isRecord(round)) return fail("round_missing", { round: String(roundNo) });
  const named = typeof round.publicKey === "string" ? round.publicKey : roundsFile.publicKey;
  const key = typeof named === "string" ? fromBase64(named) : null;
  if (!key || key.length !== KEY_BYTES) return fail("malformed_rounds");
  const fingerprint = keyFingerprint(h, key);
  const publicKey = toBase64Url(key);
  const same = "key" in pin ? equalBytes(pin.key, key) : pin.fingerprint === fingerprint;
  if (!same)
    return fail("key_mismatch", {
      round: String(round.round),
      key: publicKey,
      fingerprint,
      pinned: "key" in pin ? toBase64Url(pin.key) : pin.fingerprint
    });
  const signature = typeof round.signature === "string" ? fromBase64(round.signature) : null;
  if (typeof round.statement !== "string" || !signature) return fail("bad_signature", { round: String(round.round) });
  const holds = await verifySignature(key, encoder2.encode(round.statement), signature);
  if (holds === null) return fail("no_signature_check");
  if (!holds) return fail("bad_signature", { round: String(round.round) });
  let statement;
  try {
    statement = JSON.parse(round.statement);
  } catch {
    statement = null;
  }
  if (!isRecord(statement) || !SIGNED_FIELDS.every((k) => statement[k] === round[k]) || !PRICE_FIELDS.every((k) => !(k in round) || (statement[k] ?? null) === round[k]))
    return fail("statement_mismatch", { round: String(round.round) });
  const { asset, height, root, total } = round;
  if (typeof asset !== "string" || typeof root !== "string" || !isValue(height) || !isValue(total) || !isValue(roundNo))
    return fail("malformed_rounds");
  const { btcPrice, btcPriceAt } = statement;
  const price = isValue(btcPrice) && typeof btcPriceAt === "string" ? { cents: btcPrice, at: btcPriceAt } : null;
  return { ok: true, round: { round: roundNo, asset, height, root, total }, publicKey, fingerprint, price };
}

// src/core/liabilities/verify.ts
var Failed = class extends Error {
  constructor(step, failure, detail) {
    super(failure);
    this.step = step;
    this.failure = failure;
    this.detail = detail;
  }
  step;
  failure;
  detail;
};
var isRecord2 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function checkValue(v, step, detail) {
  if (typeof v === "number" && Number.isInteger(v) && v < 0) throw new Failed(step, "negative_value", detail);
  if (typeof v === "number" && Number.isInteger(v) && v > MAX_VALUE) throw new Failed(step, "sum_overflow", detail);
  if (!isValue(v)) throw new Failed(step, "invalid_value", detail);
  return v;
}
function verifyProof(h, input) {
  const checks = [];
  let balance;
  const pass = (step, detail) => checks.push(detail ? { step, ok: true, detail } : { step, ok: true });
  try {
    const published = input.published;
    const root = fromHex(published?.root, DIGEST_BYTES);
    if (!root || !isValue(published.round) || !isValue(published.total) || !Number.isInteger(published.height) || published.height < 1 || published.height > MAX_HEIGHT || typeof published.asset !== "string")
      throw new Failed("file_readable", "malformed_round");
    const proof = input.proof;
    if (!isRecord2(proof) || proof.format !== PROOF_FORMAT || !Array.isArray(proof.leaves))
      throw new Failed("file_readable", "malformed_file");
    const leaves = proof.leaves;
    pass("file_readable");
    if (proof.round !== published.round)
      throw new Failed("same_round", "round_mismatch", { file: String(proof.round), published: published.round });
    if (proof.asset !== published.asset) throw new Failed("same_round", "asset_mismatch");
    if (proof.height !== published.height)
      throw new Failed("same_round", "height_mismatch", { file: String(proof.height), published: published.height });
    pass("same_round", { round: published.round });
    const accountNonce = fromHex(input.accountNonce?.trim().toLowerCase(), DIGEST_BYTES);
    if (!accountNonce) throw new Failed("account_nonce", "bad_account_nonce");
    const nonce = roundNonce(h, accountNonce, published.round);
    pass("account_nonce");
    if (leaves.length < 2) throw new Failed("chunks", "too_few_chunks", { chunks: leaves.length });
    const indexes = /* @__PURE__ */ new Set();
    const positions = /* @__PURE__ */ new Set();
    for (const leaf of leaves) {
      if (!isRecord2(leaf) || !Array.isArray(leaf.path)) throw new Failed("chunks", "malformed_file");
      if (!Number.isInteger(leaf.index) || leaf.index < 0 || leaf.index >= leaves.length)
        throw new Failed("chunks", "malformed_file");
      if (indexes.has(leaf.index)) throw new Failed("chunks", "duplicate_index", { index: leaf.index });
      indexes.add(leaf.index);
      const position = leaf.position;
      if (!Number.isInteger(position) || position < 0 || position >= 2 ** published.height)
        throw new Failed("chunks", "position_out_of_range", { leaf: leaf.index });
      if (positions.has(position)) throw new Failed("chunks", "duplicate_position", { leaf: leaf.index });
      positions.add(position);
      if (leaf.path.length !== published.height)
        throw new Failed("chunks", "truncated_path", { leaf: leaf.index, steps: leaf.path.length });
    }
    pass("chunks", { chunks: leaves.length });
    const parsed = leaves.map((raw) => {
      const leaf = raw;
      const at = { leaf: leaf.index };
      const value = checkValue(leaf.value, "values", at);
      const digest = fromHex(leaf.digest, DIGEST_BYTES);
      if (!digest) throw new Failed("values", "malformed_file", at);
      const path = leaf.path.map((step, level) => {
        if (!isRecord2(step)) throw new Failed("values", "malformed_file", at);
        const d = fromHex(step.digest, DIGEST_BYTES);
        if (!d) throw new Failed("values", "malformed_file", { ...at, level });
        return { digest: d, value: checkValue(step.value, "values", { ...at, level }) };
      });
      return { index: leaf.index, value, position: leaf.position, digest, path };
    });
    let sum = 0;
    for (const leaf of parsed) sum += leaf.value;
    if (sum > MAX_VALUE) throw new Failed("values", "sum_overflow");
    balance = sum;
    pass("values");
    for (const leaf of parsed)
      if (!equalBytes(leafDigest(h, nonce, leaf.value, leaf.index, published.asset), leaf.digest))
        throw new Failed("leaves", "leaf_mismatch", { leaf: leaf.index });
    pass("leaves");
    let top;
    for (const leaf of parsed) {
      let node = { digest: leaf.digest, value: leaf.value };
      for (let level = 0; level < leaf.path.length; level++) {
        const sibling = leaf.path[level];
        const onRight = Math.floor(leaf.position / 2 ** level) % 2 === 1;
        try {
          node = onRight ? parentOf(h, sibling, node) : parentOf(h, node, sibling);
        } catch {
          throw new Failed("paths", "sum_overflow", { leaf: leaf.index, level });
        }
      }
      if (!equalBytes(node.digest, root)) throw new Failed("paths", "root_mismatch", { leaf: leaf.index });
      top = node;
    }
    pass("paths", { root: published.root });
    if (top.value !== published.total)
      throw new Failed("total", "total_mismatch", { tree: top.value, published: published.total });
    pass("total", { total: published.total });
    if (input.expectedBalance !== void 0 && input.expectedBalance !== balance)
      throw new Failed("balance", "balance_mismatch", { counted: balance, expected: input.expectedBalance });
    pass("balance", { counted: balance });
    return { ok: true, balance, checks };
  } catch (err) {
    if (!(err instanceof Failed)) throw err;
    checks.push({ step: err.step, ok: false, failure: err.failure, ...err.detail ? { detail: err.detail } : {} });
    return { ok: false, failure: err.failure, ...balance === void 0 ? {} : { balance }, checks };
  }
}

// src/server/modules/liabilities/node-hashes.ts
import { createHash, createHmac } from "node:crypto";
var nodeHashes = {
  sha256: (data) => createHash("sha256").update(data).digest(),
  hmacSha256: (key, data) => createHmac("sha256", key).update(data).digest()
};

// src/core/money.ts
var MAX_AMOUNT_CENTS = 1e11;
var DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/;
function parseAmount(input) {
  const text = input.trim();
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: "format" };
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  if (whole > MAX_AMOUNT_CENTS / 100) return { ok: false, reason: "too_large" };
  const cents2 = whole * 100 + fraction;
  if (cents2 > MAX_AMOUNT_CENTS) return { ok: false, reason: "too_large" };
  if (cents2 <= 0) return { ok: false, reason: "not_positive" };
  return { ok: true, cents: cents2 };
}
var decimalSign = { fr: ",", en: ".", es: "," };
var SPACES = /[ \u00a0\u202f\u2009]/g;
function parseLocalizedAmount(input, lang) {
  const text = input.trim().replace(/^\$\s*|\s*\$$/g, "").replace(SPACES, " ");
  if (!/^\d[\d., ]*$/.test(text) || /\D$/.test(text)) return { ok: false, reason: "format" };
  const dots = text.split(".").length - 1;
  const commas = text.split(",").length - 1;
  let decimal = null;
  if (dots > 0 && commas > 0) decimal = text.lastIndexOf(".") > text.lastIndexOf(",") ? "." : ",";
  else if (dots + commas === 1) {
    const sign = dots ? "." : ",";
    const after = text.length - text.indexOf(sign) - 1;
    if (after !== 3) decimal = sign;
    else if (sign === decimalSign[lang] && groupsOk(text, null)) return { ok: false, reason: "ambiguous" };
  }
  const at = decimal ? text.lastIndexOf(decimal) : -1;
  if (decimal && text.indexOf(decimal) !== at) return { ok: false, reason: "format" };
  const whole = decimal ? text.slice(0, at) : text;
  const fraction = decimal ? text.slice(at + 1) : "";
  if (decimal && !/^\d{1,2}$/.test(fraction)) return { ok: false, reason: "format" };
  const group = decimal === "." ? "," : decimal === "," ? "." : null;
  if (!groupsOk(whole, group)) return { ok: false, reason: "format" };
  return parseAmount(`${whole.replace(/[ .,]/g, "")}${fraction ? `.${fraction}` : ""}`);
}
function groupsOk(whole, group) {
  const separators = new Set(whole.replace(/\d/g, ""));
  if (separators.size === 0) return /^\d+$/.test(whole);
  if (separators.size > 1) return false;
  const [sep] = separators;
  if (sep !== " " && group !== null && sep !== group) return false;
  return /^[1-9]\d{0,2}$/.test(whole.split(sep)[0]) && whole.split(sep).slice(1).every((g) => /^\d{3}$/.test(g));
}

// src/verifier/expected.ts
function expectedAmount(typed, lang) {
  if (typed.trim() === "") return { kind: "none" };
  const parsed = parseLocalizedAmount(typed, lang);
  return parsed.ok ? { kind: "cents", cents: parsed.cents } : { kind: "unreadable", reason: parsed.reason };
}

// src/verifier/node-ed25519.ts
import { createPublicKey, verify } from "node:crypto";
var SPKI_ED25519 = Buffer.from("302a300506032b6570032100", "hex");
var nodeEd25519 = async (publicKey, message, signature) => {
  try {
    const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: "der", type: "spki" });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
};

// src/verifier/words.ts
var cents = (v) => typeof v === "number" ? `$${(v / 100).toFixed(2)}` : String(v);
var steps = {
  file_readable: () => "The proof file is readable",
  same_round: (d) => `It is the published round no. ${d.round}`,
  account_nonce: () => "Your account nonce is well formed",
  chunks: (d) => `Your balance is split into ${d.chunks} distinct chunks`,
  values: () => "Every value is a non-negative number of cents, with no overflow",
  leaves: () => "Each chunk matches your nonce",
  paths: () => "Each path leads to the published root",
  total: (d) => `The root sums to ${cents(d.total)}, the published total`,
  balance: (d) => `Amount counted for you: ${cents(d.counted)}`
};
var failures = {
  malformed_file: () => "the file is not a valid proof of liabilities",
  malformed_round: () => "the published round cannot be read",
  bad_account_nonce: () => "the account nonce must be 64 hexadecimal characters",
  round_mismatch: () => "the file belongs to another round",
  asset_mismatch: () => "the file counts another currency",
  height_mismatch: () => "the file does not have the published tree's height",
  too_few_chunks: () => "a balance must be split into at least two chunks",
  duplicate_index: () => "two chunks carry the same number",
  duplicate_position: () => "two chunks sit in the same place",
  position_out_of_range: () => "a chunk is placed outside the tree",
  truncated_path: () => "a path is incomplete",
  invalid_value: () => "a value is not a whole number of cents",
  negative_value: () => "a value is negative",
  sum_overflow: () => "a sum goes over the limit",
  leaf_mismatch: () => "a chunk does not match your nonce (wrong nonce, or a chunk was changed)",
  root_mismatch: () => "the paths do not lead to the published root: the file was changed or belongs to another round",
  total_mismatch: () => "the published total is not the sum of the tree",
  balance_mismatch: (d) => `the amount counted (${cents(d.counted)}) is not the one expected (${cents(d.expected)})`
};
function checkInWords(check) {
  const d = check.detail ?? {};
  return check.ok ? `ok    ${steps[check.step](d)}` : `FAIL  ${failures[check.failure](d)}`;
}
var roundFailures = {
  no_pinned_key: () => "no platform key given (--key or --fingerprint, as published on the platform's page)",
  bad_pinned_key: () => "the pinned key is neither a 32-byte key in base64 nor a fingerprint of 64 hexadecimal characters",
  malformed_rounds: () => "the rounds file is not the list of published rounds (GET /api/liabilities/rounds)",
  round_missing: (d) => `round ${d.round} is not among the published rounds`,
  key_mismatch: (d) => `round ${d.round} is signed by the key ${d.key} (fingerprint ${d.fingerprint}), not by the pinned platform key ${d.pinned}: refused`,
  no_signature_check: () => "this runtime cannot check an Ed25519 signature",
  bad_signature: (d) => `the published round ${d.round} is not signed by the platform key`,
  statement_mismatch: (d) => `the figures of round ${d.round} are not the ones its signed statement says`
};
function roundFailureInWords(failure, detail) {
  return roundFailures[failure](detail);
}

// src/verifier/cli.ts
var usage = `Usage:
  node atlas-verify-liabilities.mjs --rounds rounds.json --proof proof.json --nonce <account nonce>
      (--key <platform public key, base64> | --fingerprint <its SHA-256, hex>) [--expected 1484.60]
  node atlas-verify-liabilities.mjs --vectors vectors.json

The platform's key and fingerprint are published on its page /preuve-de-passif (and recorded with
every round in its sealed audit trail): take them from there, never from the rounds file.`;
var dollars = (cents2) => `$${(cents2 / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
var utc = (iso) => iso.replace("T", " ").replace(/(\.\d+)?Z$/, " UTC");
function flags(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) if (argv[i]?.startsWith("--")) out[argv[i].slice(2)] = argv[i + 1] ?? "";
  return out;
}
var Unreadable = class extends Error {
};
function readJson(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new Unreadable(`${file} cannot be read (${err.code ?? "error"})`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Unreadable(`${file} is not a JSON file`);
  }
}
function proofIn(file) {
  const f = file;
  return f && typeof f === "object" && f.kind === "proof" && "proof" in f ? f.proof : file;
}
async function runVectors(file) {
  const { vectors } = readJson(file);
  let passed = 0;
  let total = 0;
  for (const v of vectors) {
    if (v.kind === "build") continue;
    total++;
    let good;
    let got;
    if (v.kind === "round") {
      const r = await checkPinnedRound(nodeHashes, nodeEd25519, v.rounds, v.round, v.pinned);
      good = v.expect.ok ? r.ok : !r.ok && r.failure === v.expect.failure;
      got = r.ok ? "ok" : r.failure;
    } else {
      const r = verifyProof(nodeHashes, {
        published: v.published,
        proof: v.proof,
        accountNonce: v.accountNonce,
        ...v.expectedBalance === void 0 ? {} : { expectedBalance: v.expectedBalance }
      });
      good = v.expect.ok ? r.ok && r.balance === v.expect.balance : !r.ok && r.failure === v.expect.failure;
      got = r.ok ? "ok" : r.failure;
    }
    if (good) passed++;
    console.log(`${good ? "pass" : "FAIL"}  ${v.name}${good ? "" : ` (got ${got})`}`);
  }
  console.log(`${passed}/${total} vectors pass`);
  return passed === total ? 0 : 1;
}
async function run(argv) {
  const f = flags(argv);
  if (f.vectors) return runVectors(f.vectors);
  if (!f.rounds || !f.proof || !f.nonce) {
    console.error(usage);
    return 2;
  }
  if (f.key !== void 0 && f.fingerprint !== void 0) {
    console.error("REFUSED: give --key or --fingerprint, not both.");
    return 2;
  }
  const pinned = f.key ?? f.fingerprint ?? "";
  if (pinned.trim() === "") {
    console.error(
      "REFUSED: no platform key. Give --key <base64> or --fingerprint <hex>, as published on the platform's page /preuve-de-passif; the key written inside the rounds file proves nothing, anyone can re-sign it."
    );
    return 2;
  }
  const expected = expectedAmount(f.expected ?? "", "en");
  if (expected.kind === "unreadable") {
    console.error(`REFUSED: --expected "${f.expected}" cannot be read (${expected.reason}): an amount such as 1484.60`);
    return 2;
  }
  const expectedBalance = expected.kind === "cents" ? expected.cents : void 0;
  const roundsFile = readJson(f.rounds);
  const answer = readJson(f.proof);
  if (answer?.kind === "nothing_owed") {
    console.log(
      "FAIL  this file is the signed statement that nothing was owed to you in this round, not a proof: there is no balance to check"
    );
    return 1;
  }
  const proof = proofIn(answer);
  const pin = await checkPinnedRound(nodeHashes, nodeEd25519, roundsFile, proof.round, pinned);
  if (!pin.ok) {
    console.log(`FAIL  ${roundFailureInWords(pin.failure, pin.detail)}`);
    console.log("NOT VERIFIED.");
    return pin.failure === "bad_pinned_key" ? 2 : 1;
  }
  console.log(`ok    Round ${pin.round.round} is signed by the pinned platform key ${pin.publicKey}`);
  if (pin.price)
    console.log(
      `      Its crypto investments are counted at what stopping them would have credited at the signed BTC price: ${dollars(pin.price.cents)}, price of ${utc(pin.price.at)}`
    );
  const result = verifyProof(nodeHashes, {
    published: pin.round,
    proof,
    accountNonce: f.nonce,
    ...expectedBalance === void 0 ? {} : { expectedBalance }
  });
  for (const check of result.checks) console.log(checkInWords(check));
  console.log(result.ok ? "VERIFIED: your balance is counted in the published total." : "NOT VERIFIED.");
  return result.ok ? 0 : 1;
}
try {
  process.exitCode = await run(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof Unreadable)) throw err;
  console.error(`REFUSED: ${err.message}.`);
  process.exitCode = 1;
}
