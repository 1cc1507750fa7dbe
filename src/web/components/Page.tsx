import type { ReactNode } from 'react';
import { PageMeta } from './PageMeta';

/**
 * Readable widths. The form widths are a card's width (max-w-md, max-w-2xl) plus the page's
 * side padding, so the title lines up with the centred card below it.
 */
const widths = { default: 'max-w-5xl', wide: 'max-w-7xl', form: 'max-w-[31rem]', wideForm: 'max-w-[45rem]' };

/** The frame of every screen: its meta, one h1, and a readable width. */
export function Page({
  title,
  description,
  children,
  wide = false,
  width = wide ? 'wide' : 'default',
}: {
  title: string;
  description?: string;
  children?: ReactNode;
  wide?: boolean;
  width?: keyof typeof widths;
}) {
  return (
    <div className={`mx-auto w-full px-4 py-8 sm:px-6 ${widths[width]}`}>
      <PageMeta title={title} description={description} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-brand-900">{title}</h1>
      {children}
    </div>
  );
}
