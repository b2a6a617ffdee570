import { PageNotFound } from './page-not-found';

/** Outside any section layout, the not-found view is the page's main landmark itself. */
export function PageRootNotFound() {
  return (
    <main id="main">
      <PageNotFound />
    </main>
  );
}
