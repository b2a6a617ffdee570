import { Link } from '@tanstack/react-router';
import { Logo } from '#/components/logo-mark';
import { PageNotFound } from './page-not-found';

/** Outside any section layout: the product's name at the top says where the visitor is. */
export function PageRootNotFound() {
  return (
    <>
      <header className="flex h-14 items-center border-b px-4">
        <Link to="/" className="flex items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
      </header>
      <main id="main">
        <PageNotFound />
      </main>
    </>
  );
}
