import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorCallout } from './error-callout.tsx';
import { Loading } from './loading.tsx';

/** Loading and error states of a query; renders `children` with the data once it is there. */
export function QueryView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={`Loading the ${what}…`} />;
  if (query.isError) return <ErrorCallout error={query.error} what={what} />;
  return <>{children(query.data)}</>;
}
