import { Logo } from '#/components/logo-mark';
// example:start
import { BookCover } from '#/components/book-cover';

// Decorative: a shelf of drawn covers in the seed's genre colours (src/server/db/seed-data.ts), the
// titles public-domain classics, fixed so the most loaded page reads no data.
const SHELF = [
  { title: 'Moby-Dick', author: 'Herman Melville', color: '#1d4ed8', tilt: '' },
  { title: 'Pride and Prejudice', author: 'Jane Austen', color: '#db2777', tilt: '' },
  { title: 'The Odyssey', author: 'Homer', color: '#d97706', tilt: 'rotate-[-4deg] rtl:rotate-[4deg] origin-bottom-right' },
  { title: 'Dracula', author: 'Bram Stoker', color: '#b91c1c', tilt: '' },
  { title: 'The Time Machine', author: 'H. G. Wells', color: '#0891b2', tilt: '' },
].map((b) => ({ ...b, genre: { color: b.color } }));
// example:end

/** Beside the sign-in form from `lg`: the product's look before the first page of it. */
export function BrandPanel() {
  return (
    <div
      aria-hidden
      className="relative hidden flex-col justify-between overflow-hidden bg-sidebar p-10 lg:flex"
      style={{ backgroundImage: 'radial-gradient(ellipse at top, color-mix(in oklab, var(--brand) 22%, transparent), transparent 70%)' }}
    >
      <Logo className="text-lg" />
      {/* example:start */}
      <div className="flex flex-col">
        {/* Widths shared out, so Arabic's larger type (and any panel width) keeps the shelf inside. */}
        <div className="mx-auto flex w-full max-w-[30rem] items-end justify-center gap-[2%] px-6">
          {SHELF.map((book, i) => (
            <BookCover
              key={book.title}
              book={book}
              className={`min-w-0 shrink ${i % 2 ? 'basis-[20%]' : 'basis-[18%]'} shadow-xl ${book.tilt}`}
            />
          ))}
        </div>
        {/* The shelf's board. */}
        <div className="h-3 rounded-sm bg-border shadow-md" />
      </div>
      {/* example:end */}
      <div />
    </div>
  );
}
