import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, Field, inputClass } from '../../components/form';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { AdminNav } from './AdminNav';
import { useUserSearch } from './backoffice-api';
import { UserDetailView } from './UserDetail';

function Search() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = params.get('q') ?? '';
  // Searches as one types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== q) setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);
  const search = useUserSearch(q);
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <form
        role="search"
        className="mb-4 max-w-xl"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <Field label={t('users.search')} hint={t('users.searchHint')}>
          {(a11y) => (
            <input
              {...a11y}
              type="search"
              className={inputClass}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </form>
      {!q && <h2 className="mb-2 text-lg font-semibold text-brand-900">{t('users.newest')}</h2>}
      {search.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : search.isError ? (
        <p role="alert">{errorMessage(t, search.error)}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {t('users.none')}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          aria-label={q ? t('users.results') : t('users.newest')}
        >
          {items.map((u) => (
            <li key={u.id}>
              <Link
                to={`/admin/users?id=${encodeURIComponent(u.id)}`}
                className="flex flex-wrap items-baseline gap-x-4 gap-y-1 p-3 hover:bg-slate-50 focus:bg-slate-50"
              >
                <span className="font-semibold text-brand-900">{u.fullName}</span>
                <span className="font-mono text-sm text-slate-700">{u.uid}</span>
                <span className="min-w-0 break-all text-sm text-slate-700">{u.email}</span>
                <span className="text-sm text-slate-600">@{u.username}</span>
                <span className="ml-auto text-xs text-slate-600">
                  {t('users.since', { date: formatDate(u.createdAt) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {search.hasNextPage && (
        <div className="mt-4 text-center">
          <Button tone="secondary" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
            {search.isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Users: a search, or one user's page when `?id=` names them. */
export function UsersPage() {
  const { t } = useTranslation('backoffice');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <Page title={id ? t('user.title') : t('users.title')} description={t('users.description')} wide>
      <AdminNav />
      {id ? <UserDetailView id={id} /> : <Search />}
    </Page>
  );
}
