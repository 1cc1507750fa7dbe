import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, TextInput } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useChainSenders, useRegisterChainSender } from './api';

/**
 * Step one of a USDT (TRC-20) or SOL deposit (decision 063): the address the person pays from,
 * registered before paying. A transaction id is public on chain; only its registered sender's
 * claim is accepted, so nobody watching the platform's address can take the payment.
 */
export function ChainSenders({ coin }: { coin: string }) {
  const { t } = useTranslation(['cashier', 'errors']);
  const { data } = useChainSenders();
  const register = useRegisterChainSender();
  const [address, setAddress] = useState('');
  const mine = data?.senders.filter((s) => s.coin === coin) ?? [];
  const label = coin.replace('_', ' ');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    register.mutate({ coin, address: address.trim() }, { onSuccess: () => setAddress('') });
  };
  const error = register.error ? errorMessage(t, register.error) : null;

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate aria-labelledby="chain-senders-title">
      <h4 id="chain-senders-title" className="text-sm font-semibold text-brand-900">
        {t('chain.senders.title', { coin: label })}
      </h4>
      <p className="text-xs text-slate-600">{t('chain.senders.intro')}</p>
      {mine.length > 0 ? (
        <ul className="flex flex-col gap-1" aria-label={t('chain.senders.listed', { coin: label })}>
          {mine.map((s) => (
            <li key={s.address} className="text-xs text-slate-700">
              <code className="break-all rounded bg-slate-100 px-1 py-0.5 text-slate-800">{s.address}</code>{' '}
              {t('chain.senders.since', { at: formatDateTime(s.registeredAt) })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs font-semibold text-amber-900">{t('chain.senders.none', { coin: label })}</p>
      )}
      <Field label={t('chain.senders.address', { coin: label })} error={error} announce>
        {(props) => (
          <TextInput
            {...props}
            name="sender"
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              if (register.error) register.reset();
            }}
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            className="font-mono text-sm"
          />
        )}
      </Field>
      <Button
        type="submit"
        tone="secondary"
        disabled={register.isPending || address.trim() === ''}
        className="self-start"
      >
        {t('chain.senders.submit')}
      </Button>
    </form>
  );
}
