import { lazy } from 'react';

/** "Mes données", loaded when it renders (off the first render of the profile and the former investor's page). */
export const DataExportSection = lazy(() =>
  import('./DataExportSection').then((m) => ({ default: m.DataExportSection })),
);
