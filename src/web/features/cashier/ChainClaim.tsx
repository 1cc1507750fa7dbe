import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainClaimResponse, ChainPayments } from '../../../contracts/chain';
import { Button, Field, FormMessage, TextInput } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { useChainClaim } from './api';
import { ChainSenders } from './ChainSenders';

type Claims = NonNullable<ChainPayments['claims']>;

/**
 * USDT (TRC-20) and SOL go to the platform's one address: the person then gives the transaction's
 * id, which the server checks on chain and credits once (decision 060). The outcome shows in the
 * payments list below, as for a payment to one's own address.
 */
export function ChainClaim({ claims }: { claims: Claims }) {
  const { t } = useTranslation(['cashier', 'errors']);
  const claim = useChainClaim();
  const [coin, setCoin] = useState(claims[0]!.coin);
  const [txid, setTxid] = useState('');
  const [done, setDone] = useState<ChainClaimResponse | null>(null);
  const address = claims.find((c) => c.coin === coin)?.address ?? '';
  const label = (c: string) => c.replace('_', ' ');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    claim.mutate(
      { coin, txid: txid.trim() },
      {
        onSuccess: (result) => {
          setDone(result);
          setTxid('');
        },
      },
    );
  };
  const error = claim.error ? errorMessage(t, claim.error) : null;

  return (
    <section className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4" aria-labelledby="chain-claim-title">
      <h3 id="chain-claim-title" className="text-base font-semibold text-brand-900">
        {t('chain.claim.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('chain.claim.intro')}</p>
      {claims.length > 1 && (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t('chain.claim.coin')}</legend>
          {claims.map((c) => (
            <label key={c.coin} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="coin"
                value={c.coin}
                checked={coin === c.coin}
                onChange={() => setCoin(c.coin)}
              />
              {label(c.coin)}
            </label>
          ))}
        </fieldset>
      )}
      <p className="text-xs text-slate-600">
        {t('chain.claim.address', { coin: label(coin) })}{' '}
        <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-slate-800">{address}</code>
      </p>
      <ChainSenders coin={coin} />
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <Field label={t('chain.claim.txid')} error={error} announce hint={t(`chain.claim.hint.${coin}`)}>
          {(props) => (
            <TextInput
              {...props}
              name="txid"
              value={txid}
              onChange={(e) => {
                setTxid(e.target.value);
                if (claim.error) claim.reset();
              }}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              className="font-mono text-sm"
              required
            />
          )}
        </Field>
        <Button type="submit" disabled={claim.isPending || txid.trim() === ''} className="self-start">
          {claim.isPending ? t('chain.claim.checking') : t('chain.claim.submit')}
        </Button>
        <div aria-live="polite">
          {done && (
            <FormMessage tone="success">
              {t('chain.claim.done', { amount: done.amount, coin: label(done.coin) })}
            </FormMessage>
          )}
        </div>
      </form>
    </section>
  );
}
