import type { ReactNode } from 'react';
import { PageMeta } from './PageMeta';

/** The frame of every screen: its meta, one h1, and a readable width. */
export function Page({ title, description, children, wide = false }: { title: string; description?: string; children?: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${wide ? 'max-w-7xl' : 'max-w-5xl'}`}>
      <PageMeta title={title} description={description} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
      {children}
    </div>
  );
}
